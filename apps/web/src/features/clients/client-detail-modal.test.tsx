import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../test/fetch-mock.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { CLIENT_DETAIL_CACHE_MS } from './client-queries.ts';
import { acceptedPercent } from './client-stats.tsx';
import {
  ANN,
  clientDocument,
  clientResource,
  listAnswer,
  renderSignedIn,
} from './clients-test-data.ts';

// Full-page renders are slow on a busy machine; the default 5 s is too tight for them.
const UI_TEST_TIMEOUT_MS = 20_000;

afterEach(() => {
  vi.useRealTimers();
  sessionStore.end();
});

const ANN_DETAIL = clientResource(7, 'Ann', 'Lee', {
  attributes: { comment: 'Loves Chanel jackets.', userId: 'shop-user-7' },
  commissions: { number: 3, total: 1234.5 },
  pendingItems: { open: 4, accepted: 3, total: 8, itemsSold: 2 },
});

type Handlers = Parameters<typeof renderSignedIn>[1];

function detailCalls(requests: RecordedRequest[]): RecordedRequest[] {
  return requests.filter((request) => request.path === '/api/stylist/clients/7');
}

function saveCalls(requests: RecordedRequest[]): unknown[] {
  return requests
    .filter((request) => request.method === 'PUT' && request.path === '/api/stylist/clients/7')
    .map((request) => request.body);
}

/** A PUT answer that echoes the saved comment. */
function savedAnswer(request: RecordedRequest): Response {
  const { comment } = request.body as { comment: string };
  return jsonResponse(
    200,
    clientDocument({ ...ANN_DETAIL, attributes: { ...ANN_DETAIL.attributes, comment } }),
  );
}

/** The clients page with Ann's Details opened; the dialog is named after her once she loads. */
async function openAnn(handlers: Handlers, options: { fakeTimers?: boolean } = {}) {
  const rendered = renderSignedIn('/clients', {
    'GET /api/stylist/clients?page=1': listAnswer([ANN]),
    'GET /api/stylist/clients/7': () => jsonResponse(200, clientDocument(ANN_DETAIL)),
    ...handlers,
  });
  const user = options.fakeTimers
    ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    : rendered.user;
  const card = await screen.findByRole('article', { name: 'Ann Lee' });
  await user.click(within(card).getByRole('button', { name: 'Details' }));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, user, dialog };
}

async function notesOf(dialog: HTMLElement): Promise<HTMLElement> {
  return within(dialog).findByRole('textbox', { name: 'Notes' });
}

describe('client detail modal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('shows commissions and item sales with the accepted percent', async () => {
    const { dialog } = await openAnn({});

    const commissions = await within(dialog).findByRole('region', { name: 'Commissions' });
    expect(within(commissions).getByRole('group', { name: 'Commissions' })).toHaveTextContent('3');
    expect(within(commissions).getByRole('group', { name: 'Total' })).toHaveTextContent(
      '$1,234.50',
    );
    const sales = within(dialog).getByRole('region', { name: 'Item Sales' });
    expect(within(sales).getByRole('group', { name: 'Open Quotes' })).toHaveTextContent('4');
    const accepted = within(sales).getByRole('group', { name: 'Quotes Accepted' });
    expect(accepted).toHaveTextContent('3/8');
    expect(accepted).toHaveTextContent('38%');
    expect(within(sales).getByRole('group', { name: 'Items Sold' })).toHaveTextContent('2');
    expect(await notesOf(dialog)).toHaveValue('Loves Chanel jackets.');
    expect(await notesOf(dialog)).toHaveAttribute('placeholder', 'What is she hunting for?');
  });

  test('opens on its title, and the focus moves to the client once they load', async () => {
    let answer = (_: Response) => {};
    const { dialog } = await openAnn({
      'GET /api/stylist/clients/7': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Client details' })).toHaveFocus(),
    );

    act(() => answer(jsonResponse(200, clientDocument(ANN_DETAIL))));
    const name = await within(dialog).findByRole('heading', { name: 'Ann Lee' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  test('the percent is whole, and 0% without quotes', () => {
    expect(acceptedPercent(3, 8)).toBe(38);
    expect(acceptedPercent(1, 3)).toBe(33);
    expect(acceptedPercent(8, 8)).toBe(100);
    expect(acceptedPercent(0, 0)).toBe(0);
  });

  test('the header links call, mail and open the supplier record; the shop links go out', async () => {
    const { dialog, user, router } = await openAnn({});
    await within(dialog).findByRole('region', { name: 'Commissions' });

    expect(within(dialog).getByRole('link', { name: '(212) 555-0101' })).toHaveAttribute(
      'href',
      'tel:(212) 555-0101',
    );
    expect(within(dialog).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    const admin = within(dialog).getByRole('link', { name: 'Supplier record' });
    expect(admin).toHaveAttribute('href', 'https://admin.example.com/suppliers/7');
    expect(admin).toHaveAttribute('target', '_blank');
    // The shop sign-in of shop-link.test.tsx, never a plain link to the shop.
    const history = within(dialog).getByRole('button', { name: 'Purchase History' });
    expect(history).not.toHaveAttribute('aria-disabled');

    await user.click(within(dialog).getByRole('link', { name: 'Quotes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/pickup/7'));
  });

  test('hides the supplier record and disables Purchase History when those sites are not set', async () => {
    const unlinked = {
      ...ANN_DETAIL,
      links: { ...ANN_DETAIL.links, admin: null, shopAccount: null },
    };
    const { dialog, user } = await openAnn({
      'GET /api/stylist/clients/7': () => jsonResponse(200, clientDocument(unlinked)),
    });
    const history = await within(dialog).findByRole('button', { name: 'Purchase History' });
    expect(history).toHaveAttribute('aria-disabled', 'true');
    expect(history).toHaveAccessibleDescription("The shop isn't connected yet");
    await user.hover(history);
    expect(await screen.findByRole('tooltip')).toHaveTextContent("The shop isn't connected yet");
    expect(within(dialog).queryByRole('link', { name: 'Supplier record' })).not.toBeInTheDocument();
  });

  test('shows placeholders while loading, then an error with Retry', async () => {
    let answerFirst: (response: Response) => void = () => {};
    let calls = 0;
    const { dialog, user } = await openAnn({
      'GET /api/stylist/clients/7': () => {
        calls += 1;
        if (calls > 1) return jsonResponse(200, clientDocument(ANN_DETAIL));
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    // The modal's title is labelled once its lazy content has mounted: a moment after the dialog.
    await waitFor(() => expect(dialog).toHaveAccessibleName('Client details'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading client…');

    answerFirst(jsonResponse(500, { message: 'The records are busy.', code: 'INTERNAL' }));
    expect(await within(dialog).findByText('The records are busy.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(dialog).queryByText('The records are busy.')).not.toBeInTheDocument();
  });
});

describe('client detail cache', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  function cacheAnn(savedAt: number, comment: string) {
    const document = clientDocument({
      ...ANN_DETAIL,
      attributes: { ...ANN_DETAIL.attributes, comment },
    });
    localStorage.setItem('clientDetail_7', JSON.stringify({ savedAt, document }));
  }

  test('a client cached within 8 hours shows without a fetch; Reload client fetches anew', async () => {
    cacheAnn(Date.now() - CLIENT_DETAIL_CACHE_MS + 60_000, 'From the cache.');
    const { dialog, user, requests } = await openAnn({});

    expect(await notesOf(dialog)).toHaveValue('From the cache.');
    expect(dialog).toHaveAccessibleName('Ann Lee');
    expect(detailCalls(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Reload client' }));
    await waitFor(() => expect(detailCalls(requests)).toHaveLength(1));
    await waitFor(async () => expect(await notesOf(dialog)).toHaveValue('Loves Chanel jackets.'));
    const cached = JSON.parse(localStorage.getItem('clientDetail_7') ?? '{}') as {
      document?: { data: { attributes: { comment: string } } };
    };
    expect(cached.document?.data.attributes.comment).toBe('Loves Chanel jackets.');
  });

  test('a client cached more than 8 hours ago is fetched', async () => {
    cacheAnn(Date.now() - CLIENT_DETAIL_CACHE_MS - 1, 'From the cache.');
    const { dialog, requests } = await openAnn({});

    await waitFor(async () => expect(await notesOf(dialog)).toHaveValue('Loves Chanel jackets.'));
    expect(detailCalls(requests)).toHaveLength(1);
  });
});

describe('client notes', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('save 1 second after typing stops, showing Saving then Saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const { dialog, user, requests } = await openAnn(
      {
        'PUT /api/stylist/clients/7': (request) =>
          new Promise<Response>((resolve) => {
            answer = (response) => resolve(response);
            void request;
          }),
      },
      { fakeTimers: true },
    );
    const notes = await notesOf(dialog);

    await user.type(notes, ' Size 38.');
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(saveCalls(requests)).toHaveLength(0);
    expect(within(dialog).queryByText('Saving…')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(saveCalls(requests)).toEqual([{ comment: 'Loves Chanel jackets. Size 38.' }]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving…');

    answer(savedAnswer(requests.at(-1)!));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Saved'));
    expect(notes).toHaveValue('Loves Chanel jackets. Size 38.');
  });

  test('leaving the notes saves at once', async () => {
    const { dialog, user, requests } = await openAnn({ 'PUT /api/stylist/clients/7': savedAnswer });
    const notes = await notesOf(dialog);

    await user.clear(notes);
    await user.type(notes, 'Prefers email.');
    await user.tab();

    // No waiting: the save went out on blur, not a second later.
    expect(saveCalls(requests)).toEqual([{ comment: 'Prefers email.' }]);
    expect(await within(dialog).findByText('Saved')).toBeInTheDocument();
  });

  test('a failed save keeps the text, says why and offers Retry', async () => {
    let isFailing = true;
    const { dialog, user, requests } = await openAnn({
      'PUT /api/stylist/clients/7': (request) =>
        isFailing
          ? jsonResponse(503, { message: 'The notes service is down.', code: 'INTERNAL' })
          : savedAnswer(request),
    });
    const notes = await notesOf(dialog);

    await user.type(notes, ' Call after 6.');
    await user.tab();

    expect(
      await within(dialog).findByText('Not saved — The notes service is down.'),
    ).toBeInTheDocument();
    expect(notes).toHaveValue('Loves Chanel jackets. Call after 6.');

    isFailing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Saved')).toBeInTheDocument();
    expect(saveCalls(requests)).toEqual([
      { comment: 'Loves Chanel jackets. Call after 6.' },
      { comment: 'Loves Chanel jackets. Call after 6.' },
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('text typed during a save is saved next, and the answer does not overwrite it', async () => {
    const answers: ((response: Response) => void)[] = [];
    const { dialog, user, requests } = await openAnn({
      'PUT /api/stylist/clients/7': () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    });
    const notes = await notesOf(dialog);

    await user.clear(notes);
    await user.type(notes, 'First');
    await user.tab();
    await waitFor(() => expect(saveCalls(requests)).toHaveLength(1));

    await user.type(notes, ' and second');
    await user.tab();
    expect(saveCalls(requests)).toHaveLength(1);

    answers[0]!(savedAnswer(requests.at(-1)!));
    await waitFor(() => expect(saveCalls(requests)).toHaveLength(2));
    expect(saveCalls(requests)).toEqual([{ comment: 'First' }, { comment: 'First and second' }]);
    expect(notes).toHaveValue('First and second');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving…');

    answers[1]!(savedAnswer(requests.at(-1)!));
    expect(await within(dialog).findByText('Saved')).toBeInTheDocument();
    expect(notes).toHaveValue('First and second');
  });

  test('closing the modal with unsaved notes saves them, and reopening shows them', async () => {
    let answer: (response: Response) => void = () => {};
    const { dialog, user, requests } = await openAnn({
      'PUT /api/stylist/clients/7': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const notes = await notesOf(dialog);
    await user.type(notes, ' Allergic to wool.');

    // Escape closes without leaving the notes first, so no blur saves them.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saveCalls(requests)).toEqual([{ comment: 'Loves Chanel jackets. Allergic to wool.' }]);

    const card = screen.getByRole('article', { name: 'Ann Lee' });
    await user.click(within(card).getByRole('button', { name: 'Details' }));
    const reopened = await screen.findByRole('dialog', { name: 'Ann Lee' });
    expect(await notesOf(reopened)).toHaveValue('Loves Chanel jackets. Allergic to wool.');
    expect(within(reopened).getByRole('status')).toHaveTextContent('Saving…');

    answer(savedAnswer(requests.at(-1)!));
    expect(await within(reopened).findByText('Saved')).toBeInTheDocument();
    expect(saveCalls(requests)).toHaveLength(1);
  });
});

describe('client photo', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test("uploads the chosen photo for the client's shop account, showing Uploading", async () => {
    let answer: (response: Response) => void = () => {};
    const withPhoto = {
      ...ANN_DETAIL,
      attributes: { ...ANN_DETAIL.attributes, thumbnailUrl: 'https://cdn.example.com/ann.webp' },
    };
    let isUploaded = false;
    const { dialog, user, requests } = await openAnn({
      'GET /api/stylist/clients/7': () =>
        jsonResponse(200, clientDocument(isUploaded ? withPhoto : ANN_DETAIL)),
      'POST /api/stylist/upload-profile-image': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await within(dialog).findByRole('button', { name: 'Add Photo' });

    const photo = new File(['png'], 'ann.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Photo of Ann Lee'), photo);

    expect(await within(dialog).findByText('Uploading…')).toBeInTheDocument();
    const upload = requests.find((request) => request.path === '/api/stylist/upload-profile-image');
    const form = upload?.body as FormData;
    expect(form.get('userId')).toBe('shop-user-7');
    expect(form.get('file')).toBeInstanceOf(File);

    isUploaded = true;
    answer(
      jsonResponse(200, {
        success: true,
        imageUrl: 'https://cdn.example.com/ann-full.webp',
        thumbnailUrl: 'https://cdn.example.com/ann.webp',
      }),
    );
    expect(await within(dialog).findByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Uploading…')).not.toBeInTheDocument();
  });

  test("shows the server's message when the upload fails", async () => {
    const { dialog, user } = await openAnn({
      'POST /api/stylist/upload-profile-image': () =>
        jsonResponse(415, {
          message: 'Choose a JPEG, PNG, WebP, GIF or AVIF photo.',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
    });
    await within(dialog).findByRole('button', { name: 'Add Photo' });

    const photo = new File(['heic'], 'ann.heic', { type: 'image/heic' });
    await user.upload(within(dialog).getByLabelText('Photo of Ann Lee'), photo);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG, WebP, GIF or AVIF photo.',
    );
  });
});
