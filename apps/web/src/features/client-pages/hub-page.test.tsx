import { CLIENT_PAGE_TEXT, DECLINE_REASONS, HUB_GROUPS, HUB_TEXT } from '@atelier/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source.ts';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import {
  CLIENT_TOKEN,
  clientQuote,
  hubDocument,
  hubItem,
  renderClientPage,
} from './client-pages-test-data.tsx';
import { HubPage } from './hub-page.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;
const API_PATH = `/api/client/hub/${CLIENT_TOKEN}`;
const GET = `GET ${API_PATH}`;
const NEW_LINK = 'POST /api/client/hub/new-link';

const FLAP = hubItem({
  ...clientQuote({
    id: 301,
    name: 'Classic Flap Bag',
    brand: 'Chanel',
    status: 'offer_pending',
    offers: { consignment: 1200, buyout: 800 },
  }),
  group: 'answer',
  canAnswer: true,
  offersExpireAt: '2026-05-20T12:00:00.000Z',
  timeline: {
    steps: [
      {
        kind: 'submitted',
        at: '2026-03-04T15:00:00.000Z',
        by: 'stylist',
        title: 'Submitted for a quote',
        details: [],
        link: null,
      },
      {
        kind: 'offers_made',
        at: '2026-03-10T15:00:00.000Z',
        by: 'admin',
        title: 'Offers made',
        details: ['Consign: $1,200.00', 'Sell now: $800.00'],
        link: null,
      },
    ],
    next: null,
  },
});
const SADDLE = hubItem({
  ...clientQuote({ id: 302, name: 'Saddle Bag', brand: 'Dior', status: 'in_transit' }),
  group: 'on_its_way',
  timeline: {
    steps: [
      {
        kind: 'picked_up',
        at: '2026-04-01T15:00:00.000Z',
        by: 'client',
        title: 'Handed over',
        details: [],
        link: { label: 'Signed receipt (PDF)', url: '/files/receipt-302.pdf' },
      },
    ],
    next: { title: 'Arrival at the warehouse', estimate: '3-5 business days', by: '2026-04-08' },
  },
});

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderHub(handlers: Record<string, Handler>, token = CLIENT_TOKEN) {
  const fetchMock = mockFetch(handlers);
  return { ...fetchMock, ...renderClientPage(HubPage, '/hub/:token', `/hub/${token}`) };
}

function postPath(quoteId: number) {
  return `POST ${API_PATH}/quotes/${quoteId}`;
}

function article(name: string) {
  return screen.getByRole('article', { name });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hub page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test("reads itself again when its stream says one of the client's items changed", async () => {
    stubEventSource();
    let items = [SADDLE];
    renderHub({ [GET]: () => jsonResponse(200, hubDocument(items)) });
    expect(await screen.findByRole('article', { name: 'Dior Saddle Bag' })).toBeInTheDocument();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${API_PATH}/stream`);

    // The office made offers on a new item: the hub shows it without a reload.
    items = [FLAP, SADDLE];
    act(() => {
      source.open();
      source.emit('change', { quoteId: FLAP.id });
    });
    const answerGroup = await screen.findByRole('region', { name: HUB_GROUPS.answer });
    expect(
      within(answerGroup).getByRole('article', { name: 'Chanel Classic Flap Bag' }),
    ).toBeInTheDocument();
  });

  test('shows the items under their groups, both offers, the stylist and the pages', async () => {
    renderHub({ [GET]: () => jsonResponse(200, hubDocument([FLAP, SADDLE])) });

    expect(
      await screen.findByRole('heading', { level: 1, name: HUB_TEXT.heading('Ann') }),
    ).toBeInTheDocument();
    expect(screen.getByText(HUB_TEXT.intro)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HUB_TEXT.writeTo('Coco') })).toHaveAttribute(
      'href',
      'mailto:coco@atelier.test',
    );
    const pages = screen.getByRole('navigation', { name: HUB_TEXT.pagesHeading });
    expect(
      within(pages).getByRole('link', { name: CLIENT_PAGE_TEXT.quoteShareHeading }),
    ).toHaveAttribute('href', `/quote/${CLIENT_TOKEN}`);
    expect(
      within(pages).getByRole('link', { name: CLIENT_PAGE_TEXT.offerApprovalHeading }),
    ).toHaveAttribute('href', `/quotes/${CLIENT_TOKEN}`);
    expect(
      within(pages).queryByRole('link', { name: CLIENT_PAGE_TEXT.curatedFor }),
    ).not.toBeInTheDocument();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toContain(HUB_GROUPS.answer);
    expect(headings).toContain(HUB_GROUPS.on_its_way);
    expect(headings).not.toContain(HUB_GROUPS.sold);
    const answerGroup = screen.getByRole('region', { name: HUB_GROUPS.answer });
    const flap = within(answerGroup).getByRole('article', { name: 'Chanel Classic Flap Bag' });

    const consign = within(flap).getByRole('group', { name: 'Consign it: $1,200.00' });
    expect(within(consign).getByText(HUB_TEXT.consignmentMeans)).toBeInTheDocument();
    expect(
      within(consign).getByRole('button', { name: HUB_TEXT.accept('consignment') }),
    ).toBeEnabled();
    const sell = within(flap).getByRole('group', { name: 'Sell it now: $800.00' });
    expect(within(sell).getByText(HUB_TEXT.buyoutMeans)).toBeInTheDocument();
    expect(within(sell).getByRole('button', { name: HUB_TEXT.accept('buyout') })).toBeEnabled();
    expect(within(flap).getByText(HUB_TEXT.openUntil('5/20/2026'))).toBeInTheDocument();

    const flapSteps = within(flap).getByRole('list', {
      name: HUB_TEXT.timelineLabel('Chanel Classic Flap Bag'),
    });
    expect(within(flapSteps).getAllByRole('listitem')[0]).toHaveTextContent(
      '3/4/2026Submitted for a quote by Coco',
    );
    expect(within(flapSteps).getAllByRole('listitem')[1]).toHaveTextContent(
      '3/10/2026Offers made by our teamConsign: $1,200.00Sell now: $800.00',
    );

    const saddle = article('Dior Saddle Bag');
    expect(within(saddle).getByText('In Transit')).toBeInTheDocument();
    expect(within(saddle).getByText('by you')).toBeInTheDocument();
    expect(within(saddle).getByRole('link', { name: 'Signed receipt (PDF)' })).toHaveAttribute(
      'href',
      '/files/receipt-302.pdf',
    );
    expect(
      within(saddle).getByText(
        HUB_TEXT.nextStep('Arrival at the warehouse', '3-5 business days', '4/8/2026'),
      ),
    ).toBeInTheDocument();
    expect(within(saddle).queryByRole('button')).not.toBeInTheDocument();
  });

  test('accepting an offer posts it and says it was accepted', async () => {
    const { user, requests } = renderHub({
      [GET]: () => jsonResponse(200, hubDocument([FLAP])),
      [postPath(FLAP.id)]: () =>
        jsonResponse(
          200,
          hubDocument([
            { ...FLAP, group: 'hand_over', status: 'offer_accepted', canAnswer: false },
          ]),
        ),
    });
    await user.click(await screen.findByRole('button', { name: HUB_TEXT.accept('buyout') }));

    expect(await screen.findByRole('alert')).toHaveTextContent(HUB_TEXT.accepted);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ action: 'accept', offer: 'buyout' });
    // The item moved to its new group, its offers no longer open to an answer.
    expect(screen.getByRole('region', { name: HUB_GROUPS.hand_over })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: HUB_TEXT.accept('consignment') }),
    ).not.toBeInTheDocument();
  });

  test('declining sends the reason and the note', async () => {
    const { user, requests } = renderHub({
      [GET]: () => jsonResponse(200, hubDocument([FLAP])),
      [postPath(FLAP.id)]: () =>
        jsonResponse(200, hubDocument([{ ...FLAP, group: 'closed', canAnswer: false }])),
    });
    await user.click(await screen.findByRole('button', { name: HUB_TEXT.decline }));
    const send = screen.getByRole('button', { name: HUB_TEXT.send });
    expect(send).toBeDisabled();
    expect(screen.getByRole('radio', { name: DECLINE_REASONS.price_too_low })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: DECLINE_REASONS.keeping }));
    await user.type(screen.getByRole('textbox', { name: HUB_TEXT.noteLabel }), '  Sentimental.  ');
    await user.click(send);

    expect(await screen.findByRole('alert')).toHaveTextContent(HUB_TEXT.declined);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      action: 'decline',
      reason: 'keeping',
      note: 'Sentimental.',
    });
  });

  test('asking a question sends it to the stylist', async () => {
    const { user, requests } = renderHub({
      [GET]: () => jsonResponse(200, hubDocument([FLAP])),
      [postPath(FLAP.id)]: () => jsonResponse(200, hubDocument([FLAP])),
    });
    await user.click(await screen.findByRole('button', { name: HUB_TEXT.ask }));
    const question = screen.getByRole('textbox', { name: HUB_TEXT.questionLabel('Coco') });
    expect(question).toHaveFocus();
    await user.type(question, 'Could the buyout go higher?');
    await user.click(screen.getByRole('button', { name: HUB_TEXT.send }));

    expect(await screen.findByRole('alert')).toHaveTextContent(HUB_TEXT.questionSent('Coco'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      action: 'ask',
      question: 'Could the buyout go higher?',
    });
    // The form closed: the item's actions are back.
    expect(screen.getByRole('button', { name: HUB_TEXT.ask })).toBeInTheDocument();
  });

  test('a refused answer (409) shows the server message', async () => {
    const message = 'This offer expired on 5/20/2026. Ask Coco to renew it.';
    const { user } = renderHub({
      [GET]: () => jsonResponse(200, hubDocument([FLAP])),
      [postPath(FLAP.id)]: () => jsonResponse(409, { message, code: 'CONFLICT' }),
    });
    await user.click(await screen.findByRole('button', { name: HUB_TEXT.accept('consignment') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(article('Chanel Classic Flap Bag')).getByRole('alert')).toBe(alert);
  });

  test('an expired offer shows when it expired and no Accept', async () => {
    renderHub({
      [GET]: () =>
        jsonResponse(
          200,
          hubDocument([
            {
              ...FLAP,
              canAnswer: false,
              offersExpired: true,
              offersExpireAt: '2026-03-20T12:00:00.000Z',
            },
          ]),
        ),
    });
    const flap = await screen.findByRole('article', { name: 'Chanel Classic Flap Bag' });
    expect(within(flap).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(flap).getByText(HUB_TEXT.expiredOn('3/20/2026'))).toBeInTheDocument();
    expect(within(flap).getByText(HUB_TEXT.expiredHelp('Coco'))).toBeInTheDocument();
    expect(within(flap).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(within(flap).queryByRole('button', { name: HUB_TEXT.decline })).not.toBeInTheDocument();
    expect(within(flap).getByRole('button', { name: HUB_TEXT.ask })).toBeInTheDocument();
  });

  test('with no items says nothing is here yet', async () => {
    renderHub({ [GET]: () => jsonResponse(200, hubDocument([])) });
    expect(await screen.findByText(HUB_TEXT.nothingYet('Ann'))).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('an expired link offers a new one by email', async () => {
    const { user, requests } = renderHub({
      [GET]: () => jsonResponse(404, { message: CLIENT_PAGE_TEXT.linkNotValid, code: 'NOT_FOUND' }),
      [NEW_LINK]: () => jsonResponse(202, { message: HUB_TEXT.newLinkSent }),
    });
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: HUB_TEXT.newLinkEmailLabel }),
      'ann@example.com',
    );
    await user.click(screen.getByRole('button', { name: HUB_TEXT.newLinkSend }));

    expect(await screen.findByRole('status')).toHaveTextContent(HUB_TEXT.newLinkSent);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'ann@example.com',
    });
  });

  test('the new-link form shows the field error and the rate limit', async () => {
    let answer = jsonResponse(400, {
      message: 'Check the highlighted fields.',
      code: 'VALIDATION_FAILED',
      errors: { email: ['Enter a valid email address'] },
    });
    const { user } = renderHub(
      { [NEW_LINK]: () => answer },
      // A malformed token asks nothing of the server and says the link is not valid.
      'short',
    );
    const email = await screen.findByRole('textbox', { name: HUB_TEXT.newLinkEmailLabel });
    await user.type(email, 'ann');
    await user.click(screen.getByRole('button', { name: HUB_TEXT.newLinkSend }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Enter a valid email address');

    answer = jsonResponse(429, { message: 'Too many requests. Wait a minute.', code: 'RATE' });
    await user.click(screen.getByRole('button', { name: HUB_TEXT.newLinkSend }));
    const form = screen.getByRole('region', { name: HUB_TEXT.newLinkHeading });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many requests. Wait a minute.',
    );
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
  });
});
