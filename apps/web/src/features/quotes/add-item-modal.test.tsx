import type { UploadedImage } from '@atelier/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import type * as ApiClient from '../../lib/api-client.ts';
import { ApiError, upload, type ApiUploadOptions } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import {
  AddItemModal,
  QUOTE_ADDED_REFRESH_FAILED_TEXT,
  QUOTE_ADDED_TEXT,
} from './add-item-modal.tsx';
import { UPLOAD_FAILED_TEXT } from './image-uploads.ts';
import { useClientQuotes } from './quote-queries.ts';
import { quoteListAnswer, quoteResource } from './quotes-test-data.ts';

// XMLHttpRequest is api-client's own business (tested there): here uploads are played by hand.
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  upload: vi.fn(),
}));

const UI_TEST_TIMEOUT_MS = 20_000;
const CLIENT_ID = 7;
const QUOTES_PATH = `GET /api/stylist/clients/${CLIENT_ID}/quotes`;
const CREATE_PATH = 'POST /api/stylist/white-glove-quotes';

const DIRECTORY = {
  data: {
    '12': { name: 'Hermès', categories: { '31': 'Scarves', '30': 'Handbags' } },
    '7': { name: 'Chanel', categories: { '10': 'Handbags', '11': 'Jackets' } },
  },
};

interface PlayedUpload {
  file: File;
  options: ApiUploadOptions;
  succeed: (image: UploadedImage) => void;
  fail: (error: unknown) => void;
}

let played: PlayedUpload[] = [];
let objectUrls: { created: string[]; revoked: string[] };

beforeEach(() => {
  notifications.clean();
  played = [];
  vi.mocked(upload).mockReset();
  vi.mocked(upload).mockImplementation((endpoint, args) => {
    const { body: form, ...options } = args as { body: FormData } & ApiUploadOptions;
    expect(endpoint.path).toBe('/api/stylist/white-glove-quotes/images');
    return new Promise((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(options.signal?.reason));
      played.push({ file: form.get('image') as File, options, succeed: resolve, fail: reject });
    });
  });
  // jsdom has no object URLs.
  objectUrls = { created: [], revoked: [] };
  Object.assign(URL, {
    createObjectURL: (file: File) => {
      const url = `blob:preview/${file.name}`;
      objectUrls.created.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => objectUrls.revoked.push(url),
  });
});

function photo(name: string, { type = 'image/jpeg', bytes = 1024 } = {}): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function uploadedImage(id: number): UploadedImage {
  return { id, url: `/uploads/${id}.webp`, thumbnailUrl: `/uploads/${id}-thumb.webp` };
}

/** The client quotes page watches the client's quotes; the modal's refresh fetches them anew. */
function ClientQuotesProbe() {
  useClientQuotes(CLIENT_ID);
  return null;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderModal(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    'GET /api/v2/designer-directory': () => jsonResponse(200, DIRECTORY),
    [QUOTES_PATH]: quoteListAnswer([]),
    [CREATE_PATH]: () => jsonResponse(201, { data: quoteResource({ id: 900 }) }),
    ...handlers,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();

  /** Stands for the client quotes page: closes the modal on onClose, and can open it again. */
  function Host() {
    const [opened, setOpened] = useState(true);
    return (
      <>
        <ClientQuotesProbe />
        <button type="button" onClick={() => setOpened(true)}>
          Open New Item
        </button>
        <AddItemModal
          clientId={CLIENT_ID}
          opened={opened}
          onClose={() => {
            onClose();
            setOpened(false);
          }}
        />
      </>
    );
  }
  // Uploads are played by hand, and user-event's accept filter would hide the refusals.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <Host />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'New Item' });
  return { ...fetchMock, user, onClose, dialog };
}

type User = ReturnType<typeof renderModal>['user'];

async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function addPhotos(user: User, dialog: HTMLElement, files: File[]) {
  await user.upload(within(dialog).getByLabelText('Add Photos'), files);
}

/** Designer, category and name chosen, and one photo uploaded as image 501. */
async function fillForm(user: User, dialog: HTMLElement) {
  await choose(user, dialog, 'Designer', 'Chanel');
  await choose(user, dialog, 'Category', 'Handbags');
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Classic Flap Bag');
  await addPhotos(user, dialog, [photo('front.jpg')]);
  played[0]!.succeed(uploadedImage(501));
  await waitFor(() => expect(addItemButton(dialog)).toBeEnabled());
}

function addItemButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Add Item' });
}

function creations(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === CREATE_PATH);
}

function quoteFetches(requests: RecordedRequest[]) {
  return requests.filter((request) => `${request.method} ${request.path}` === QUOTES_PATH);
}

describe('add item modal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('Add Item waits for a designer, a category, a name and an uploaded photo', async () => {
    const { user, dialog } = renderModal();
    const button = addItemButton(dialog);
    expect(button).toBeDisabled();

    await choose(user, dialog, 'Designer', 'Chanel');
    await choose(user, dialog, 'Category', 'Handbags');
    expect(button).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Classic Flap Bag');
    // The description is optional, and no photo is there yet.
    expect(button).toBeDisabled();

    await addPhotos(user, dialog, [photo('front.jpg')]);
    expect(within(dialog).getByRole('img', { name: 'front.jpg' })).toHaveAttribute(
      'src',
      'blob:preview/front.jpg',
    );
    played[0]!.options.onProgress?.(0.4);
    const progress = await within(dialog).findByRole('progressbar', {
      name: 'Uploading front.jpg',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    // Still uploading: nothing to add yet.
    expect(button).toBeDisabled();

    played[0]!.succeed(uploadedImage(501));
    await waitFor(() => expect(button).toBeEnabled());
    expect(within(dialog).queryByRole('progressbar')).toBeNull();

    // A second photo under way holds the button again.
    await addPhotos(user, dialog, [photo('back.jpg')]);
    expect(button).toBeDisabled();
    played[1]!.succeed(uploadedImage(502));
    await waitFor(() => expect(button).toBeEnabled());

    await user.clear(name);
    expect(button).toBeDisabled();
    await user.type(name, '   ');
    expect(button).toBeDisabled();
    await user.type(name, 'Bag');
    expect(button).toBeEnabled();

    // Without photos there is nothing to add.
    await user.click(within(dialog).getByRole('button', { name: 'Remove front.jpg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove back.jpg' }));
    expect(button).toBeDisabled();
    expect(objectUrls.revoked).toEqual(['blob:preview/front.jpg', 'blob:preview/back.jpg']);
  });

  test('the category list belongs to the designer and starts over when the designer changes', async () => {
    const { user, dialog } = renderModal();
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    expect(category).toBeDisabled();

    await choose(user, dialog, 'Designer', 'Hermès');
    expect(category).toBeEnabled();
    await user.click(category);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Handbags',
      'Scarves',
    ]);
    await user.click(screen.getByRole('option', { name: 'Scarves' }));
    expect(category).toHaveValue('Scarves');

    await choose(user, dialog, 'Designer', 'Chanel');
    expect(category).toHaveValue('');
    await user.click(category);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Handbags',
      'Jackets',
    ]);
  });

  test('designers are searchable and listed by name', async () => {
    const { user, dialog } = renderModal();
    const designer = within(dialog).getByRole('combobox', { name: 'Designer' });
    await waitFor(() => expect(designer).toBeEnabled());
    await user.click(designer);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Chanel',
      'Hermès',
    ]);
    await user.type(designer, 'her');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Hermès']);
  });

  test('a failed upload says so with the reason and drops its preview', async () => {
    const { user, dialog } = renderModal();
    await addPhotos(user, dialog, [photo('front.jpg'), photo('huge.jpg')]);
    expect(played.map((upload) => upload.file.name)).toEqual(['front.jpg', 'huge.jpg']);

    played[1]!.fail(
      new ApiError({
        status: 413,
        message: 'The photo is too large.',
        code: 'PAYLOAD_TOO_LARGE',
        body: {
          message: 'The photo is too large.',
          code: 'PAYLOAD_TOO_LARGE',
          errors: { image: ['Photos can be at most 15 MB'] },
        },
      }),
    );

    expect(await screen.findByText(UPLOAD_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Photos can be at most 15 MB')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('img', { name: 'huge.jpg' })).toBeNull());
    expect(within(dialog).getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    expect(objectUrls.revoked).toEqual(['blob:preview/huge.jpg']);
  });

  test('refuses files that are not photos, too large, or beyond the limit before sending', async () => {
    const { user, dialog } = renderModal();
    await addPhotos(user, dialog, [
      photo('notes.pdf', { type: 'application/pdf' }),
      photo('huge.jpg', { bytes: 15 * 1024 * 1024 + 1 }),
      photo('ok.png', { type: 'image/png' }),
    ]);

    expect(played.map((upload) => upload.file.name)).toEqual(['ok.png']);
    expect(screen.getAllByText(UPLOAD_FAILED_TEXT)).toHaveLength(2);
    expect(screen.getByText(/notes\.pdf is not a JPEG, PNG/)).toBeInTheDocument();
    expect(screen.getByText('huge.jpg is larger than 15 MB.')).toBeInTheDocument();

    notifications.clean();
    const many = Array.from({ length: 11 }, (_, index) => photo(`p${index}.jpg`));
    await addPhotos(user, dialog, many);
    expect(played).toHaveLength(10);
    expect(
      await screen.findByText('An item takes at most 10 photos, so 2 were left out.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Add Photos')).toBeDisabled();
  });

  test('adds the item, refreshes the list, says so, and closes', async () => {
    const { user, dialog, requests, onClose } = renderModal();
    await waitFor(() => expect(quoteFetches(requests)).toHaveLength(1));
    await fillForm(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Black caviar');
    await user.click(addItemButton(dialog));

    expect(await screen.findByText(QUOTE_ADDED_TEXT)).toBeInTheDocument();
    expect(creations(requests).map((request) => request.body)).toEqual([
      {
        brandId: 7,
        categoryId: 10,
        name: 'Classic Flap Bag',
        description: 'Black caviar',
        imageIds: [501],
        clientId: CLIENT_ID,
      },
    ]);
    expect(quoteFetches(requests)).toHaveLength(2);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(objectUrls.revoked).toEqual(['blob:preview/front.jpg']);

    // The next item starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Open New Item' }));
    const next = screen.getByRole('dialog', { name: 'New Item' });
    expect(within(next).getByRole('combobox', { name: 'Designer' })).toHaveValue('');
    expect(within(next).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(next).queryByRole('img')).toBeNull();
    expect(addItemButton(next)).toBeDisabled();
  });

  test('when the list cannot be refreshed, warns that the quote was added anyway', async () => {
    let isListBroken = false;
    const { user, dialog, onClose } = renderModal({
      [QUOTES_PATH]: () =>
        isListBroken
          ? jsonResponse(500, { message: 'Internal error', code: 'INTERNAL' })
          : quoteListAnswer([])(),
    });
    await fillForm(user, dialog);
    isListBroken = true;
    await user.click(addItemButton(dialog));

    expect(await screen.findByText(QUOTE_ADDED_REFRESH_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(QUOTE_ADDED_TEXT)).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('one click adds one item: the button is busy until the answer', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, dialog, requests, onClose } = renderModal({
      [CREATE_PATH]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await fillForm(user, dialog);
    await user.click(addItemButton(dialog));
    await waitFor(() => expect(addItemButton(dialog)).toBeDisabled());
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '{Enter}');
    await user.click(addItemButton(dialog));
    // Escape must not close the modal while the item is saving.
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(creations(requests)).toHaveLength(1);

    answer(jsonResponse(201, { data: quoteResource({ id: 900 }) }));
    expect(await screen.findByText(QUOTE_ADDED_TEXT)).toBeInTheDocument();
  });

  test('server field errors show under their fields; photo errors also as the upload toast', async () => {
    const { user, dialog, onClose } = renderModal({
      [CREATE_PATH]: () =>
        jsonResponse(400, {
          message: 'Some fields are not valid.',
          code: 'VALIDATION_FAILED',
          errors: {
            name: ['Keep the name under 200 characters'],
            'imageIds.0': ['That photo was already used for another item'],
          },
        }),
    });
    await fillForm(user, dialog);
    await user.click(addItemButton(dialog));

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Keep the name under 200 characters'),
    );
    expect(name).toBeInvalid();
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: 'Photos' })).toHaveTextContent(
      'That photo was already used for another item',
    );
    expect(screen.getByText(UPLOAD_FAILED_TEXT)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // What was entered stays, ready for another try.
    expect(name).toHaveValue('Classic Flap Bag');
    expect(addItemButton(dialog)).toBeEnabled();

    await user.type(name, 's');
    expect(name).not.toHaveAccessibleDescription();
  });

  test('a failure without field errors shows the upload toast with the reason', async () => {
    const { user, dialog } = renderModal({
      [CREATE_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillForm(user, dialog);
    await user.click(addItemButton(dialog));

    expect(await screen.findByText(UPLOAD_FAILED_TEXT)).toBeInTheDocument();
    expect(
      screen.getByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(addItemButton(dialog)).toBeEnabled();
  });

  test('closing gives back every preview and stops uploads under way', async () => {
    const { user, dialog, onClose } = renderModal();
    await addPhotos(user, dialog, [photo('front.jpg'), photo('back.jpg')]);
    played[0]!.succeed(uploadedImage(501));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(objectUrls.revoked.toSorted()).toEqual([
      'blob:preview/back.jpg',
      'blob:preview/front.jpg',
    ]);
    expect(played[1]!.options.signal?.aborted).toBe(true);
    // An upload stopped on purpose is no failure.
    expect(screen.queryByText(UPLOAD_FAILED_TEXT)).toBeNull();
  });
});
