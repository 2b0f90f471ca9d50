import type { MoreInfo, UploadedImage } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import type * as ApiClient from '../../lib/api-client.ts';
import { upload, type ApiUploadOptions } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { ANSWER_SENT_TEXT } from './answer-more-info-modal.tsx';
import { QuoteCard } from './quote-card.tsx';
import { quoteResource, quoteView } from './quotes-test-data.ts';

// XMLHttpRequest is api-client's own business (tested there): here uploads are played by hand.
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  upload: vi.fn(),
}));

const UI_TEST_TIMEOUT_MS = 20_000;
const ANSWER_PATH = 'POST /api/stylist/quotes/42/answer';

const REQUEST: MoreInfo = {
  request: {
    missing: 'a photo of the date code',
    message: 'Please photograph the stamp inside the pocket.',
    at: '2026-11-20T10:00:00.000Z',
  },
  answer: null,
};

let played: { succeed: (image: UploadedImage) => void; options: ApiUploadOptions }[] = [];

beforeEach(() => {
  notifications.clean();
  played = [];
  vi.mocked(upload).mockReset();
  vi.mocked(upload).mockImplementation((endpoint, args) => {
    const { body: _form, ...options } = args as { body: FormData } & ApiUploadOptions;
    expect(endpoint.path).toBe('/api/stylist/white-glove-quotes/images');
    return new Promise((resolve) => {
      played.push({ succeed: resolve, options });
    });
  });
  Object.assign(URL, {
    createObjectURL: (file: File) => `blob:preview/${file.name}`,
    revokeObjectURL: () => undefined,
  });
});

function renderCard(status: string, moreInfo: MoreInfo | null, handlers = {}) {
  const fetchMock = mockFetch({
    [ANSWER_PATH]: () =>
      jsonResponse(200, {
        data: quoteResource({ id: 42, attributes: { status: 'authentication_in_progress' } }),
      }),
    ...handlers,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const resource = quoteResource({ id: 42, attributes: { moreInfo } });
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <QuoteCard
        quote={quoteView({ ...resource, attributes: { ...resource.attributes, status } })}
        isSelected={false}
        canToggle
        onToggle={vi.fn()}
      />
    </AppProviders>,
  );
  return { ...fetchMock, user: userEvent.setup({ applyAccept: false }) };
}

function answers(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === ANSWER_PATH);
}

describe(
  'a request for more information on the quote card',
  { timeout: UI_TEST_TIMEOUT_MS },
  () => {
    test('shows what the back office asks and its message while the quote waits on it', () => {
      renderCard('needs_more_info', REQUEST);
      const section = screen.getByRole('region', { name: 'Request for more information on #42' });
      expect(
        within(section).getByText('The back office asks: a photo of the date code'),
      ).toBeInTheDocument();
      expect(
        within(section).getByText('Please photograph the stamp inside the pocket.'),
      ).toBeInTheDocument();
      expect(
        within(section).getByRole('button', { name: 'Answer the request on #42' }),
      ).toBeEnabled();
    });

    test('is gone once the quote has moved on', () => {
      renderCard('authentication_in_progress', REQUEST);
      expect(screen.queryByText(/The back office asks/)).toBeNull();
    });

    test('the answer sends the uploaded photos and the note, then closes', async () => {
      const { user, requests } = renderCard('needs_more_info', REQUEST);
      await user.click(screen.getByRole('button', { name: 'Answer the request on #42' }));
      const dialog = await screen.findByRole('dialog', { name: 'Answer for #42' });
      const send = within(dialog).getByRole('button', { name: 'Send answer' });
      expect(send).toBeDisabled();

      await user.upload(within(dialog).getByLabelText('Add Photos'), [
        new File(['x'], 'date-code.jpg', { type: 'image/jpeg' }),
      ]);
      // Still uploading: nothing to send yet.
      expect(send).toBeDisabled();
      played[0]!.succeed({ id: 501, url: '/u/501.webp', thumbnailUrl: '/u/501-thumb.webp' });
      await waitFor(() => expect(send).toBeEnabled());
      await user.type(
        within(dialog).getByRole('textbox', { name: 'Note for the back office' }),
        'Inside the pocket.',
      );
      await user.click(send);

      await waitFor(() => expect(answers(requests)).toHaveLength(1));
      expect(answers(requests)[0]!.body).toEqual({ note: 'Inside the pocket.', imageIds: [501] });
      expect(await screen.findByText(ANSWER_SENT_TEXT)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    test("the server's field errors show under the note and the form stays open", async () => {
      const { user } = renderCard('needs_more_info', REQUEST, {
        [ANSWER_PATH]: () =>
          jsonResponse(400, {
            message: 'Please check the highlighted fields.',
            code: 'VALIDATION_FAILED',
            errors: { note: ['Keep the note under 2000 characters'] },
          }),
      });
      await user.click(screen.getByRole('button', { name: 'Answer the request on #42' }));
      const dialog = await screen.findByRole('dialog', { name: 'Answer for #42' });
      const note = within(dialog).getByRole('textbox', { name: 'Note for the back office' });
      await user.type(note, 'Long');
      await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
      expect(
        await within(dialog).findByText('Keep the note under 2000 characters'),
      ).toBeInTheDocument();
      expect(note).toHaveAttribute('aria-invalid', 'true');
    });
  },
);
