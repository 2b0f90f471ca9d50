import type { QuoteView } from '@atelier/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { QuoteCard } from './quote-card.tsx';
import { quoteView, withStatus, quoteResource, type QuoteOverrides } from './quotes-test-data.ts';

function renderCard(
  quote: QuoteView,
  props: Partial<{ isSelected: boolean; canToggle: boolean }> = {},
) {
  const onToggle = vi.fn();
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} forceColorScheme="dark" env="test">
      <QuoteCard
        quote={quote}
        isSelected={props.isSelected ?? false}
        canToggle={props.canToggle ?? true}
        onToggle={onToggle}
      />
    </MantineProvider>,
  );
  return { card: screen.getByRole('article'), onToggle, user };
}

function cardOf(status: string | null, attributes: QuoteOverrides['attributes'] = {}): QuoteView {
  return quoteView(withStatus(quoteResource({ id: 42, attributes }), status));
}

describe('quote card', () => {
  test('header links the id to the admin record in a new tab, and shows the created date', () => {
    const { card } = renderCard(
      quoteView({ id: 42, attributes: { createdAt: '2026-03-07T23:30:00.000Z' } }),
    );

    const link = within(card).getByRole('link', { name: '#42' });
    expect(link).toHaveAttribute('href', 'https://admin.example.com/pending-items/42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(card).getByText('3/7/2026')).toBeInTheDocument();
  });

  test('without an admin site the id is plain text', () => {
    const { card } = renderCard(quoteView({ id: 42, links: { admin: null } }));
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByText('#42')).toBeInTheDocument();
  });

  test('shows the first thumbnail named by brand and name, with the name as a heading', () => {
    const { card } = renderCard(
      quoteView({ id: 42, attributes: { brand: 'Hermès', name: 'Kelly 28' } }),
    );

    expect(within(card).getByRole('img', { name: 'Hermès Kelly 28' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/quotes/42-thumb.webp',
    );
    expect(within(card).getByText('Hermès')).toBeInTheDocument();
    // Under the page's h1, so the outline reads page, then one entry per quote.
    expect(within(card).getByRole('heading', { level: 2, name: 'Kelly 28' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: '#42 Hermès Kelly 28' })).toBeInTheDocument();
  });

  test('a quote without a photo, or whose photo fails, shows a placeholder instead', () => {
    const { card } = renderCard(
      quoteView({ attributes: { images: [], thumbnail_url: null, image_url: null } }),
    );
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByText('No photo')).toBeInTheDocument();
  });

  test('a photo that fails to load gives way to the placeholder', () => {
    const { card } = renderCard(quoteView());
    fireEvent.error(within(card).getByRole('img'));
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByText('No photo')).toBeInTheDocument();
  });

  test.each([
    { hasPurchaseOffer: true, isApproved: true, isShown: true },
    { hasPurchaseOffer: true, isApproved: false, isShown: false },
    { hasPurchaseOffer: false, isApproved: true, isShown: false },
    { hasPurchaseOffer: false, isApproved: false, isShown: false },
  ])(
    'offers show only with a purchase offer that is approved: %o',
    ({ hasPurchaseOffer, isApproved, isShown }) => {
      const { card } = renderCard(
        cardOf('authenticated_with_offer', {
          hasPurchaseOffer,
          isApproved,
          offers: { consignmentEstimate: 1200, buyoutQuote: 900, buybackQuote: 950.5 },
        }),
      );

      if (!isShown) {
        expect(within(card).queryAllByRole('term')).toHaveLength(0);
        expect(within(card).queryByText('$1,200.00')).not.toBeInTheDocument();
        return;
      }
      const terms = within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(terms).toEqual([
        ['Consign', '$1,200.00'],
        ['Buyout', '$900.00'],
        ['Buyout', '$950.50'],
      ]);
    },
  );

  test.each([
    ['pending', 'Authentication pending'],
    ['authentic', 'Authenticated'],
    ['counterfeit', 'Could not be authenticated'],
  ])('authentication status %s reads "%s"', (authenticationStatus, text) => {
    const { card } = renderCard(
      cardOf('pending_authentication', {
        authenticationStatus: authenticationStatus as 'pending',
      }),
    );
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  test('no authentication status, no text', () => {
    const { card } = renderCard(cardOf('pending_authentication', { authenticationStatus: null }));
    for (const text of ['Authentication pending', 'Authenticated', 'Could not be authenticated']) {
      expect(within(card).queryByText(text)).not.toBeInTheDocument();
    }
  });

  test.each([
    ['pending_authentication', 'Estimated 1-3 business days'],
    ['authentication_in_progress', 'Estimated 1-2 business days'],
    ['authenticated_no_offer', 'Estimated 1-2 business days'],
    ['offer_accepted', 'Estimated 1-3 business days'],
    ['in_transit', 'Estimated 3-7 business days'],
    ['received', 'Estimated 2-5 business days'],
    ['authenticated_with_offer', null],
    ['offer_pending', null],
    ['converted', null],
    ['fake', null],
    ['needs_more_info', null],
    ['Accepted', null],
  ])('status %s shows timeline %s (§4)', (status, timeline) => {
    const { card } = renderCard(cardOf(status));
    if (timeline) expect(within(card).getByText(timeline)).toBeInTheDocument();
    else expect(within(card).queryByText(/^Estimated/)).not.toBeInTheDocument();
  });

  test.each([
    ['offer_accepted', 'Offer Accepted'],
    ['Accepted', 'Accepted'],
    ['fake', 'Counterfeit Detected'],
    ['needs_more_info', 'Needs More Information'],
    ['pendingPickup', 'pending Pickup'],
    [null, 'Not Submitted'],
  ])('status %s is badged "%s" and described by it', (status, text) => {
    const { card } = renderCard(cardOf(status));
    expect(within(card).getByRole('checkbox')).toHaveAccessibleDescription(text);
  });

  test.each([
    ['in_transit', 'Picked Up'],
    ['received', 'Received at Warehouse'],
    ['sold', 'Sold'],
  ])('a concierge pickup that is %s reads "%s"', (status, text) => {
    const { card } = renderCard(cardOf(status, { pickup_type: 'concierge' }));
    expect(within(card).getByRole('checkbox')).toHaveAccessibleDescription(text);
  });

  test.each([
    ['offer_accepted', true],
    ['Accepted', true],
    ['authenticated_with_offer', false],
    ['received', false],
    ['fake', false],
  ])('status %s shows "Select": %s', (status, isShown) => {
    const { card } = renderCard(cardOf(status));
    if (isShown) expect(within(card).getByText('Select')).toBeInTheDocument();
    else expect(within(card).queryByText('Select')).not.toBeInTheDocument();
  });

  test('a selected card is checked and says "Selected"', () => {
    const { card } = renderCard(cardOf('offer_accepted'), { isSelected: true });
    expect(within(card).getByRole('checkbox')).toBeChecked();
    expect(within(card).getByText('Selected')).toBeInTheDocument();
  });

  test('clicking the card asks to toggle it', async () => {
    const { card, user, onToggle } = renderCard(cardOf('received'));
    await user.click(within(card).getByRole('checkbox'));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  test('outside the selection group the card is disabled and neither click nor key toggles it', async () => {
    const { card, user, onToggle } = renderCard(cardOf('received'), { canToggle: false });
    const checkbox = within(card).getByRole('checkbox');
    expect(checkbox).toHaveAttribute('aria-disabled', 'true');

    await user.click(checkbox);
    checkbox.focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');

    expect(onToggle).not.toHaveBeenCalled();
  });

  test('INFO reveals description, barcode, the comment to the client and the dated timeline', async () => {
    const { card, user, onToggle } = renderCard(
      cardOf('in_transit', {
        description: 'Black caviar leather.',
        barCode: 'WG-000042',
        commenter: 'Margaux',
        commentToCustomer: 'Please send a photo of the serial sticker.',
        timeline: {
          steps: [
            {
              kind: 'submitted',
              at: '2026-05-01T12:00:00.000Z',
              by: 'stylist',
              title: 'Submitted for a quote',
              details: [],
              link: null,
            },
            {
              kind: 'offers_made',
              at: '2026-05-03T12:00:00.000Z',
              by: 'admin',
              title: 'Offers made',
              details: ['Consign: $1,200.00', 'Buyout: $900.00'],
              link: null,
            },
            {
              kind: 'question',
              at: '2026-05-04T12:00:00.000Z',
              by: 'client',
              title: 'Asked a question',
              details: ['Is the strap included?'],
              link: null,
            },
            {
              kind: 'picked_up',
              at: '2026-05-09T12:00:00.000Z',
              by: 'stylist',
              title: 'Picked up',
              details: [],
              link: {
                label: 'Signed receipt (PDF)',
                url: 'https://files.example.com/receipt-42.pdf',
              },
            },
            {
              kind: 'received',
              at: '2026-05-12T12:00:00.000Z',
              by: null,
              title: 'Received at the warehouse',
              details: [],
              link: null,
            },
          ],
          next: { title: 'Listed for sale', estimate: '2-5 business days', by: '2026-05-19' },
        },
      }),
    );
    const info = within(card).getByRole('button', { name: 'INFO for quote #42' });
    expect(info).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText('Black caviar leather.')).not.toBeInTheDocument();

    await user.click(info);

    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(await within(card).findByText('Black caviar leather.')).toBeInTheDocument();
    expect(within(card).getByText('WG-000042')).toBeInTheDocument();
    expect(
      within(card).getByText('Margaux: Please send a photo of the serial sticker.'),
    ).toBeInTheDocument();
    const timeline = within(card).getByRole('list', { name: 'Timeline' });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      '5/1/2026 · by youSubmitted for a quote',
      '5/3/2026 · by the back officeOffers madeConsign: $1,200.00Buyout: $900.00',
      '5/4/2026 · by the clientAsked a questionIs the strap included?',
      '5/9/2026 · by youPicked upSigned receipt (PDF)',
      '5/12/2026Received at the warehouse',
    ]);
    const receipt = within(timeline).getByRole('link', { name: 'Signed receipt (PDF)' });
    expect(receipt).toHaveAttribute('href', 'https://files.example.com/receipt-42.pdf');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(card).getByText('Next: Listed for sale · 2-5 business days')).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Status history' })).not.toBeInTheDocument();
    expect(onToggle).not.toHaveBeenCalled();

    await user.click(info);
    await waitFor(() =>
      expect(within(card).queryByText('Black caviar leather.')).not.toBeInTheDocument(),
    );
  });

  test('INFO without a next step says none', async () => {
    const { card, user } = renderCard(cardOf('sold'));
    await user.click(within(card).getByRole('button', { name: 'INFO for quote #42' }));
    expect(await within(card).findByRole('list', { name: 'Timeline' })).toBeInTheDocument();
    expect(within(card).queryByText(/^Next:/)).not.toBeInTheDocument();
  });
});

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Offers open to the client's answer (approved and waiting). */
function openOffers(attributes: QuoteOverrides['attributes'] = {}): QuoteView {
  return cardOf('offer_pending', {
    hasPurchaseOffer: true,
    isApproved: true,
    offers: { consignmentEstimate: 1200, buyoutQuote: 900 },
    ...attributes,
  });
}

describe('quote card: what the client did with the offers', () => {
  test('offers the client opened read "Viewed" with the last view, first and last in its title', () => {
    const { card } = renderCard(
      openOffers({
        offersViewed: { firstAt: '2026-05-06T15:00:00.000Z', lastAt: '2026-05-08T15:00:00.000Z' },
      }),
    );
    const viewed = within(card).getByText('Viewed 5/8/2026');
    expect(viewed.closest('[title]')).toHaveAttribute(
      'title',
      'First viewed 5/6/2026 · last viewed 5/8/2026',
    );
    expect(within(card).queryByText('Not viewed yet')).not.toBeInTheDocument();
    // Read with the status, the card's name unchanged.
    const checkbox = within(card).getByRole('checkbox', { name: '#42 Chanel Classic Flap Bag' });
    expect(checkbox).toHaveAccessibleDescription('Offer Pending Response Viewed 5/8/2026');
  });

  test.each([
    ['offer_pending', true, true],
    ['authenticated_with_offer', true, true],
    ['authenticated_with_offer', false, false],
    ['offer_accepted', true, false],
    ['pending_authentication', false, false],
  ])('%s (approved: %s) says "Not viewed yet" when unopened: %s', (status, isApproved, isShown) => {
    const { card } = renderCard(cardOf(status, { hasPurchaseOffer: true, isApproved }));
    if (isShown) expect(within(card).getByText('Not viewed yet')).toBeInTheDocument();
    else expect(within(card).queryByText('Not viewed yet')).not.toBeInTheDocument();
  });

  test.each([
    [200, null],
    [60, 'Expiring soon'],
    [1, 'Expiring soon'],
    [-2, 'Offers expired'],
  ])('open offers expiring in %s hours read %s', (hours, text) => {
    const { card } = renderCard(openOffers({ offersExpireAt: hoursFromNow(hours) }));
    if (text) expect(within(card).getByText(text)).toBeInTheDocument();
    for (const other of ['Expiring soon', 'Offers expired'].filter((t) => t !== text)) {
      expect(within(card).queryByText(other)).not.toBeInTheDocument();
    }
  });

  test('the checkbox reads the status, then each signal and the message apart', () => {
    const { card } = renderCard(
      openOffers({
        offersViewed: { firstAt: '2026-05-06T15:00:00.000Z', lastAt: '2026-05-08T15:00:00.000Z' },
        offersExpireAt: hoursFromNow(5),
        clientMessages: [
          {
            kind: 'question',
            reason: null,
            text: 'Any scratches?',
            at: '2026-05-08T16:00:00.000Z',
          },
        ],
      }),
    );
    expect(within(card).getByRole('checkbox')).toHaveAccessibleDescription(
      'Offer Pending Response Viewed 5/8/2026 Expiring soon Client asked: “Any scratches?”',
    );
  });

  test('answered offers neither expire nor wait to be viewed', () => {
    const { card } = renderCard(
      cardOf('offer_accepted', {
        hasPurchaseOffer: true,
        isApproved: true,
        offersExpireAt: hoursFromNow(-2),
      }),
    );
    for (const text of ['Expiring soon', 'Offers expired', 'Not viewed yet']) {
      expect(within(card).queryByText(text)).not.toBeInTheDocument();
    }
    expect(within(card).getByRole('checkbox')).toHaveAccessibleDescription('Offer Accepted');
  });

  test('shows the client’s latest question', () => {
    const { card } = renderCard(
      openOffers({
        clientMessages: [
          {
            kind: 'decline',
            reason: 'keeping',
            text: '',
            at: '2026-05-05T15:00:00.000Z',
          },
          {
            kind: 'question',
            reason: null,
            text: 'Is the strap included in the buyout?',
            at: '2026-05-06T15:00:00.000Z',
          },
        ],
      }),
    );
    expect(
      within(card).getByText('Client asked: “Is the strap included in the buyout?”'),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/^Declined/)).not.toBeInTheDocument();
  });

  test.each([
    [
      'selling_elsewhere',
      'A boutique offered more.',
      'Declined: I am selling it elsewhere — “A boutique offered more.”',
    ],
    ['keeping', '', 'Declined: I have decided to keep it'],
  ] as const)('a decline for %s with note %j reads %j', (reason, text, shown) => {
    const { card } = renderCard(
      cardOf('rejected', {
        clientMessages: [{ kind: 'decline', reason, text, at: '2026-05-06T15:00:00.000Z' }],
      }),
    );
    expect(within(card).getByText(shown)).toBeInTheDocument();
  });

  test('a long message is kept whole in the page (clamped by CSS) and in its title', () => {
    const long = 'Could you tell me more about the buyout? '.repeat(12).trim();
    const { card } = renderCard(
      openOffers({
        clientMessages: [
          { kind: 'question', reason: null, text: long, at: '2026-05-06T15:00:00.000Z' },
        ],
      }),
    );
    const message = within(card).getByText(`Client asked: “${long}”`);
    expect(message).toHaveAttribute('title', `Client asked: “${long}”`);
  });

  test('a quote the client has not touched shows none of it', () => {
    const { card } = renderCard(cardOf('pending_authentication'));
    expect(within(card).queryByText(/Viewed|Not viewed|Expir|Client asked|Declined/)).toBeNull();
    expect(within(card).getByRole('checkbox')).toHaveAccessibleDescription(
      'Pending Authentication',
    );
  });
});
