import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { theme } from '../../app/theme.ts';
import { quoteResource } from '../quotes/quotes-test-data.ts';
import { ItemMoreInfo } from './item-more-info.tsx';
import { QueueList } from './queue-list.tsx';
import { queueRow } from './office-test-data.ts';

const request = {
  missing: 'a photo of the date code',
  message: 'Please photograph the stamp.',
  at: '2026-11-27T10:00:00.000Z',
};

function renderWithTheme(node: React.ReactNode) {
  return render(
    <MantineProvider theme={theme} forceColorScheme="dark" env="test">
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

describe("the stylist's answer in the office", () => {
  test("the workspace shows the request, the stylist's note and only the answer's photos", () => {
    const quote = quoteResource({
      id: 5,
      attributes: {
        images: [
          { id: 50, url: '/f/50.webp', thumbnailUrl: '/f/50-t.webp' },
          { id: 51, url: '/f/51.webp', thumbnailUrl: '/f/51-t.webp' },
        ],
        moreInfo: {
          request,
          answer: { note: 'Inside the pocket.', imageIds: [51], at: '2026-11-27T12:00:00.000Z' },
        },
      },
    }).attributes;
    renderWithTheme(<ItemMoreInfo quote={quote} />);
    const panel = screen.getByRole('region', { name: 'More information' });
    expect(within(panel).getByText(/a photo of the date code/)).toBeInTheDocument();
    expect(within(panel).getByText('Inside the pocket.')).toBeInTheDocument();
    const photos = within(panel).getAllByRole('img');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toHaveAttribute('src', '/f/51-t.webp');
    expect(within(panel).getByRole('link')).toHaveAttribute('href', '/f/51.webp');
  });

  test('an unanswered request says so; no request, no panel', () => {
    const asked = quoteResource({ attributes: { moreInfo: { request, answer: null } } });
    const { unmount } = renderWithTheme(<ItemMoreInfo quote={asked.attributes} />);
    expect(screen.getByText('Not answered yet.')).toBeInTheDocument();
    unmount();
    renderWithTheme(<ItemMoreInfo quote={quoteResource().attributes} />);
    expect(screen.queryByRole('region', { name: 'More information' })).toBeNull();
  });

  test('an answered row of the queue carries the "Answered" badge, in the table and on cards', () => {
    const rows = [
      queueRow({ quoteId: 31, name: 'Answered bag', answered: true }),
      queueRow({ quoteId: 32, name: 'Waiting bag' }),
    ];
    const props = {
      rows,
      stage: 'to_authenticate' as const,
      myUserId: null,
      canTake: true,
      claimingId: null,
      onAssign: () => undefined,
    };
    const { unmount } = renderWithTheme(<QueueList {...props} isCompact={false} />);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('Answered')).toBeInTheDocument();
    expect(within(second!).queryByText('Answered')).toBeNull();
    unmount();
    renderWithTheme(<QueueList {...props} isCompact />);
    const [card] = screen.getAllByRole('listitem');
    expect(within(card!).getByText('Answered')).toBeInTheDocument();
    expect(screen.getAllByText('Answered')).toHaveLength(1);
  });
});
