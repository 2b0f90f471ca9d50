import { CLIENT_PAGE_TEXT, CURATED_ANSWER_FIELD, HUB_TEXT } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import {
  CLIENT_TOKEN,
  curatedDocument,
  curatedQuote,
  renderClientPage,
} from './client-pages-test-data.tsx';
import { LOADING_TEXT } from './client-page-frame.tsx';
import { CuratedPage } from './curated-page.tsx';

const UI_TEST_TIMEOUT_MS = 20_000;
const API_PATH = `/api/client/curated/${CLIENT_TOKEN}`;
const GET = `GET ${API_PATH}`;
const POST = `POST ${API_PATH}`;

const FLAP = curatedQuote();
const SADDLE = curatedQuote({
  id: 102,
  name: 'Saddle Bag',
  brand: 'Dior',
  imageUrl: null,
  buyoutQuote: 450,
});
const KELLY = curatedQuote({ id: 103, name: 'Kelly 28', brand: 'Hermès', buyoutQuote: 9800 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderCurated(handlers: Record<string, Handler>, token = CLIENT_TOKEN) {
  const fetchMock = mockFetch(handlers);
  return { ...fetchMock, ...renderClientPage(CuratedPage, '/curated/:token', `/curated/${token}`) };
}

function slide(name: string) {
  return screen.getByRole('group', { name });
}

function sentAnswers(request: RecordedRequest): unknown {
  expect(request.body).toBeInstanceOf(FormData);
  const form = request.body as FormData;
  expect([...form.keys()]).toEqual([CURATED_ANSWER_FIELD]);
  return JSON.parse(String(form.get(CURATED_ANSWER_FIELD)));
}

describe('curated page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows each quote with its buyout offer, the client and the stylist', async () => {
    renderCurated({ [GET]: () => jsonResponse(200, curatedDocument([FLAP, SADDLE])) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Curated For Ann Lee' }),
    ).toBeInTheDocument();
    const flap = slide('Chanel Classic Flap Bag');
    expect(within(flap).getByRole('img', { name: 'Chanel Classic Flap Bag' })).toHaveAttribute(
      'loading',
      'eager',
    );
    // The page's LCP element on a phone.
    expect(within(flap).getByRole('img', { name: 'Chanel Classic Flap Bag' })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    expect(within(flap).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(flap).getByText(CLIENT_PAGE_TEXT.sellQuestion)).toBeInTheDocument();
    expect(within(slide('Dior Saddle Bag')).getByText('$450.00')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(CLIENT_PAGE_TEXT.yourStylist)).toBeInTheDocument();
    expect(within(footer).getByText('Coco Laurent')).toBeInTheDocument();
    expect(within(footer).getByText('CL')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: HUB_TEXT.seeAllItems })).toHaveAttribute(
      'href',
      `/hub/${CLIENT_TOKEN}`,
    );
  });

  test('answers toggle, move to the next card and enable confirm only with an answer', async () => {
    const { user } = renderCurated({
      [GET]: () => jsonResponse(200, curatedDocument([FLAP, SADDLE, KELLY])),
    });
    const confirm = await screen.findByRole('button', { name: CLIENT_PAGE_TEXT.confirm });
    expect(confirm).toBeDisabled();
    expect(screen.getByText('1 of 3')).toHaveAttribute('aria-live', 'polite');

    const yes = within(slide('Chanel Classic Flap Bag')).getByRole('button', { name: 'Yes' });
    await user.click(yes);
    expect(yes).toHaveAttribute('aria-pressed', 'true');
    expect(confirm).toBeEnabled();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();

    // The same answer again clears it, and the carousel stays where it is.
    await user.click(yes);
    expect(yes).toHaveAttribute('aria-pressed', 'false');
    expect(confirm).toBeDisabled();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();

    const saddle = slide('Dior Saddle Bag');
    await user.click(within(saddle).getByRole('button', { name: 'Yes' }));
    await user.click(within(saddle).getByRole('button', { name: 'No' }));
    expect(within(saddle).getByRole('button', { name: 'No' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(saddle).getByRole('button', { name: 'Yes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous quote' }));
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  test('shows the shape of a card while the page loads', async () => {
    renderCurated({ [GET]: () => new Promise<Response>(() => {}) });
    expect(await screen.findByRole('status')).toHaveTextContent(LOADING_TEXT);
    expect(
      screen.queryByRole('button', { name: CLIENT_PAGE_TEXT.confirm }),
    ).not.toBeInTheDocument();
  });

  test('a single quote shows no counter', async () => {
    renderCurated({ [GET]: () => jsonResponse(200, curatedDocument([FLAP])) });
    await screen.findByRole('group', { name: 'Chanel Classic Flap Bag' });
    expect(screen.queryByText('1 of 1')).not.toBeInTheDocument();
  });

  test('confirm sends the answers as multipart field data, then thanks the client', async () => {
    const answeredAt = '2026-05-06T12:00:00.000Z';
    const { user, requests } = renderCurated({
      [GET]: () => jsonResponse(200, curatedDocument([FLAP, SADDLE, KELLY])),
      [POST]: () =>
        jsonResponse(
          200,
          curatedDocument(
            [SADDLE],
            [
              { ...FLAP, answer: { response: 'buyout', answeredAt } },
              { ...KELLY, answer: { response: 'rejected', answeredAt } },
            ],
          ),
        ),
    });
    await user.click(
      await within(
        await screen.findByRole('group', { name: 'Chanel Classic Flap Bag' }),
      ).findByRole('button', { name: 'Yes' }),
    );
    await user.click(within(slide('Hermès Kelly 28')).getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }));

    expect(
      await screen.findByText(CLIENT_PAGE_TEXT.thanks('Ann', 'Coco Laurent')),
    ).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.has('Content-Type')).toBe(false);
    expect(sentAnswers(posts[0]!)).toEqual({
      pendingItems: [
        { id: 101, clientResponse: 'buyout' },
        { id: 103, clientResponse: 'rejected' },
      ],
    });
    expect(
      screen.queryByRole('button', { name: CLIENT_PAGE_TEXT.confirm }),
    ).not.toBeInTheDocument();
    // The result takes the focus; each answer shows with its amount, then what happens next.
    expect(
      screen.getByRole('heading', { name: CLIENT_PAGE_TEXT.thanks('Ann', 'Coco Laurent') }),
    ).toHaveFocus();
    const answers = screen.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers });
    const [flap, kelly] = within(answers).getAllByRole('listitem');
    expect(within(answers).getAllByRole('listitem')).toHaveLength(2);
    expect(flap).toHaveTextContent('Yes · $1,234.50');
    expect(kelly).toHaveTextContent('No · $9,800.00 declined');
    const next = screen.getByRole('region', { name: CLIENT_PAGE_TEXT.whatHappensNext });
    expect(next).toHaveTextContent(CLIENT_PAGE_TEXT.nextCollect('Coco Laurent'));
    expect(next).toHaveTextContent('You will receive $1,234.50 by check.');
    expect(next).toHaveTextContent(CLIENT_PAGE_TEXT.nextKeep);
  });

  test('a confirm under way cannot be sent twice', async () => {
    let release: (response: Response) => void = () => {};
    const { user, requests } = renderCurated({
      [GET]: () => jsonResponse(200, curatedDocument([FLAP])),
      [POST]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    const confirm = screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading', 'true'));
    await user.click(confirm);
    expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled();
    release(jsonResponse(200, curatedDocument([])));
    expect(
      await screen.findByText(CLIENT_PAGE_TEXT.thanks('Ann', 'Coco Laurent')),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  test('with nothing to answer says so and lists what this link answered', async () => {
    renderCurated({
      [GET]: () =>
        jsonResponse(
          200,
          curatedDocument(
            [],
            [
              {
                ...FLAP,
                answer: { response: 'buyout', answeredAt: '2026-04-09T10:00:00.000Z' },
              },
              {
                ...SADDLE,
                thumbnailUrl: null,
                answer: { response: 'rejected', answeredAt: '2026-04-10T10:00:00.000Z' },
              },
            ],
          ),
        ),
    });
    expect(await screen.findByText(CLIENT_PAGE_TEXT.nothingToReview('Ann'))).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: CLIENT_PAGE_TEXT.yourAnswers });
    const [flap, saddle] = within(answers).getAllByRole('listitem');
    expect(flap).toHaveTextContent('Classic Flap Bag');
    expect(flap).toHaveTextContent('Yes');
    expect(flap).toHaveTextContent('4/9/2026');
    expect(saddle).toHaveTextContent('No');
    expect(saddle).toHaveTextContent('4/10/2026');
    expect(
      screen.queryByRole('button', { name: CLIENT_PAGE_TEXT.confirm }),
    ).not.toBeInTheDocument();
  });

  test('an unknown or expired link says so plainly, without Try again', async () => {
    renderCurated({
      [GET]: () => jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    expect(screen.getByText(CLIENT_PAGE_TEXT.linkNotValidHelp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: HUB_TEXT.newLinkEmailLabel })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HUB_TEXT.newLinkSend })).toBeInTheDocument();
  });

  test('a malformed link is not valid without asking the server', async () => {
    const { spy } = renderCurated({}, 'not-a-token');
    expect(await screen.findByText(CLIENT_PAGE_TEXT.linkNotValid)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  test('a failed load offers Try again, which loads the page', async () => {
    let calls = 0;
    const { user } = renderCurated({
      [GET]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : jsonResponse(200, curatedDocument([FLAP]));
      },
    });
    expect(await screen.findByText(CLIENT_PAGE_TEXT.loadFailed)).toBeInTheDocument();
    // What to do, not the server's words.
    expect(screen.getByText(CLIENT_PAGE_TEXT.loadFailedHelp)).toBeInTheDocument();
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Chanel Classic Flap Bag' })).toBeVisible();
    expect(calls).toBe(2);
  });

  test('a failed confirm keeps the answers and says so by the button', async () => {
    const { user } = renderCurated({
      [GET]: () => jsonResponse(200, curatedDocument([FLAP, SADDLE])),
      [POST]: () => jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' }),
    });
    const yes = await screen.findAllByRole('button', { name: 'Yes' });
    await user.click(yes[0]!);
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }));
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(CLIENT_PAGE_TEXT.confirmFailed)).toBeInTheDocument();
    expect(yes[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm })).toBeEnabled();
  });

  test('answered on another device first: shows that answer and when, and that this one was not recorded', async () => {
    const answeredAt = '2026-05-06T18:32:00.000Z';
    const firstAnswer = { response: 'buyout', answeredAt } as const;
    let gets = 0;
    const { user } = renderCurated({
      [GET]: () => {
        gets += 1;
        return jsonResponse(
          200,
          gets === 1
            ? curatedDocument([FLAP, SADDLE])
            : curatedDocument(
                [],
                [
                  { ...FLAP, answer: firstAnswer },
                  { ...SADDLE, answer: firstAnswer },
                ],
              ),
        );
      },
      [POST]: () =>
        jsonResponse(409, {
          message: 'You already answered 2 of these quotes. An answer cannot be changed.',
          code: 'CONFLICT',
          errors: { '101': ['…'], '102': ['…'] },
          refused: [
            { id: 101, brand: 'Chanel', name: 'Classic Flap Bag', answer: firstAnswer },
            { id: 102, brand: 'Dior', name: 'Saddle Bag', answer: firstAnswer },
          ],
        }),
    });
    await user.click(
      within(await screen.findByRole('group', { name: 'Chanel Classic Flap Bag' })).getByRole(
        'button',
        { name: 'No' },
      ),
    );
    await user.click(within(slide('Dior Saddle Bag')).getByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }));

    const heading = await screen.findByRole('heading', {
      name: CLIENT_PAGE_TEXT.alreadyAnsweredTitle,
    });
    expect(heading).toHaveFocus();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(CLIENT_PAGE_TEXT.alreadyAnsweredHelp);
    const [flap, saddle] = within(notice).getAllByRole('listitem');
    const when = formatDateTime(answeredAt);
    expect(when).toMatch(/^5\/[67]\/2026, \d{1,2}:32 [AP]M$/);
    expect(flap).toHaveTextContent('Chanel Classic Flap Bag');
    expect(flap).toHaveTextContent(CLIENT_PAGE_TEXT.answeredBefore('Yes', when));
    expect(flap).toHaveTextContent(CLIENT_PAGE_TEXT.notRecorded('No'));
    expect(saddle).toHaveTextContent(CLIENT_PAGE_TEXT.notRecorded('Yes'));
    // The page as the server has it now, with the notice kept.
    expect(await screen.findByText(CLIENT_PAGE_TEXT.nothingToReview('Ann'))).toBeInTheDocument();
    expect(heading).toBeInTheDocument();
    expect(gets).toBe(2);
  });

  test('a 409 reloads the page and shows the server message', async () => {
    let gets = 0;
    const conflict = 'These quotes were already answered.';
    const { user } = renderCurated({
      [GET]: () => {
        gets += 1;
        return jsonResponse(
          200,
          gets === 1 ? curatedDocument([FLAP, SADDLE]) : curatedDocument([SADDLE]),
        );
      },
      [POST]: () => jsonResponse(409, { message: conflict, code: 'CONFLICT' }),
    });
    await user.click(
      within(await screen.findByRole('group', { name: 'Chanel Classic Flap Bag' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    await user.click(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('group', { name: 'Chanel Classic Flap Bag' }),
      ).not.toBeInTheDocument(),
    );
    expect(gets).toBe(2);
    // The answer to the quote that left the page no longer counts.
    expect(screen.getByRole('button', { name: CLIENT_PAGE_TEXT.confirm })).toBeDisabled();
  });
});
