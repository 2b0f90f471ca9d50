import type { AccountDocument } from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AccountModal } from '../../app/layouts/account-modal.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { tutorialList } from '../tutorials/tutorials-test-data.ts';
import { ACCOUNT_SITE_UNAVAILABLE } from './account-site-row.tsx';

type Handlers = Parameters<typeof mockFetch>[0];

const SITE_LINKS = { helpUrl: 'https://help.atelier.test/faq', hasAccountSite: true };
const PHOTO = '/files/profile-images/new-thumb.webp';

function withPhoto(document: AccountDocument, thumbnailUrl: string | null): AccountDocument {
  const [stylist] = document.included;
  return {
    ...document,
    data: { ...document.data, attributes: { ...document.data.attributes, thumbnailUrl } },
    included: stylist ? [{ ...stylist, attributes: { ...stylist.attributes, thumbnailUrl } }] : [],
  };
}

function startSession() {
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
}

function renderModal(handlers: Handlers = {}) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/site-links': () => jsonResponse(200, SITE_LINKS),
    'GET /api/i18n': () => jsonResponse(200, { en: {} }),
    ...handlers,
  });
  startSession();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <MemoryRouter>
        <AccountModal opened onClose={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...fetchMock, user };
}

const dialog = () => screen.findByRole('dialog', { name: 'Stylist Account' });

/** A stand-in for the tab `window.open` gives back. */
function fakeTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

afterEach(() => {
  sessionStore.end();
});

// Modal renders with Mantine inputs are slow on a busy machine; the default 5 s is too tight.
const UI_TEST_TIMEOUT_MS = 20_000;

describe('Stylist Account rows', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('photo, then personal info, security, payout, help, terms of use and LOGOUT', async () => {
    renderModal();
    const modal = await dialog();
    await within(modal).findByText('coco@example.com');
    const names = within(modal)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim())
      .filter(Boolean);
    expect(names).toEqual([
      'Close',
      'Add Photo',
      'Personal info',
      'Security',
      'PayoutCheck',
      'Help',
      'Terms of use',
      'LOGOUT',
    ]);
    await waitFor(() =>
      expect(within(modal).getByRole('button', { name: 'Personal info' })).toBeEnabled(),
    );
  });

  test('personal info opens a blank tab at once, then points it at the hand-off link', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, requests } = renderModal({
      'POST /api/stylist/account-site-link': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { tab, open } = fakeTab();
    const modal = await dialog();
    const row = await within(modal).findByRole('button', { name: 'Personal info' });
    await waitFor(() => expect(row).toBeEnabled());

    await user.click(row);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await within(modal).findByText('Opening…')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/stylist/account-site-link',
      body: { page: 'personal-info' },
    });

    const url = 'https://account.atelier.test/personal-info?handoff=a.b.c';
    answer(jsonResponse(200, { url }));
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(tab.close).not.toHaveBeenCalled();
  });

  test('a failed link closes the blank tab and says why', async () => {
    const { user } = renderModal({
      'POST /api/stylist/account-site-link': () =>
        jsonResponse(404, {
          message: 'The account site is not available on this server.',
          code: 'NOT_FOUND',
        }),
    });
    const { tab } = fakeTab();
    const modal = await dialog();
    const row = await within(modal).findByRole('button', { name: 'Terms of use' });
    await waitFor(() => expect(row).toBeEnabled());
    await user.click(row);

    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'The account site is not available on this server.',
    );
    expect(tab.close).toHaveBeenCalled();
  });

  test('without an account site, personal info and terms say why; Security changes the password here', async () => {
    const newToken = makeJwtExpiringIn(900_000);
    const { user, requests } = renderModal({
      'GET /api/site-links': () => jsonResponse(200, { helpUrl: null, hasAccountSite: false }),
      'POST /api/auth/change-password': (request) =>
        (request.body as { currentPassword: string }).currentPassword === 'right-password-1'
          ? jsonResponse(200, { message: 'Your password is changed.' })
          : jsonResponse(400, {
              message: 'Some fields are not valid.',
              code: 'VALIDATION_FAILED',
              errors: { currentPassword: ['This is not your current password.'] },
            }),
      'GET /api/auth/token': () => jsonResponse(200, { token: newToken }),
    });
    const modal = await dialog();
    for (const name of ['Personal info', 'Terms of use']) {
      const row = await within(modal).findByRole('button', { name: new RegExp(`^${name}`) });
      await waitFor(() => expect(row).toHaveTextContent(ACCOUNT_SITE_UNAVAILABLE));
      expect(row).toBeDisabled();
    }
    await user.click(await within(modal).findByRole('button', { name: /^Security/ }));
    const form = within(await within(modal).findByRole('form', { name: 'Change your password' }));
    await user.type(form.getByLabelText('Current password'), 'wrong-password-1');
    await user.type(form.getByLabelText(/^New password/), 'velvet-lining-autumn');
    await user.type(form.getByLabelText('Confirm new password'), 'velvet-lining-autumm');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/change-password'))).toBe(false);

    await user.clear(form.getByLabelText('Confirm new password'));
    await user.type(form.getByLabelText('Confirm new password'), 'velvet-lining-autumn');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('This is not your current password.')).toBeInTheDocument();

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'right-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('status')).toHaveTextContent('Your password is changed.');
    // The old token's session ended on the server: the new session's token replaces it.
    await waitFor(() => expect(sessionStore.getToken()).toBe(newToken));
  });

  test('payout shows the current method, PayPal with its address', async () => {
    const paypal = accountDocument();
    paypal.included[0]!.attributes.paymentMethod = 'paypal';
    paypal.included[0]!.attributes.paypalAddress = 'a@b.com';
    renderModal({ 'GET /api/account?include=stylist': () => jsonResponse(200, paypal) });
    const modal = await dialog();
    expect(await within(modal).findByRole('button', { name: /^Payout/ })).toHaveTextContent(
      'PayPal (a@b.com)',
    );
  });

  test('help opens the FAQ link and the tutorials, Welcome first, with a video to play', async () => {
    const { user } = renderModal({
      'GET /api/stylist/tutorials': () => jsonResponse(200, tutorialList()),
    });
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Help' }));

    const faq = await within(modal).findByRole('link', { name: 'FAQ' });
    expect(faq).toHaveAttribute('href', 'https://help.atelier.test/faq');
    expect(faq).toHaveAttribute('target', '_blank');
    const tutorials = await within(modal).findByRole('region', { name: 'Tutorials' });
    expect(await within(tutorials).findByRole('combobox', { name: 'Category' })).toHaveValue(
      'Welcome',
    );
    await user.click(within(tutorials).getByRole('button', { name: 'Play Welcome to Atelier' }));
    expect(within(tutorials).getByLabelText('Video: Welcome to Atelier').tagName).toBe('VIDEO');
  });
});

describe('Stylist Account photo', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('a new photo uploads for the stylist and becomes the top-bar avatar', async () => {
    let account = accountDocument();
    let answer: (response: Response) => void = () => {};
    const { requests } = mockFetch({
      'GET /api/account?include=stylist': () => jsonResponse(200, account),
      'GET /api/site-links': () => jsonResponse(200, SITE_LINKS),
      'POST /api/stylist/upload-profile-image': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    startSession();
    const { user } = renderApp('/dashboard');
    const profile = await screen.findByRole('button', { name: 'Profile' });
    expect(profile.querySelector('img')).toBeNull();
    await user.click(profile);
    const modal = await dialog();
    await within(modal).findByRole('button', { name: 'Add Photo' });

    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(within(modal).getByLabelText('Profile photo file'), photo);
    expect(await within(modal).findByText('Uploading…')).toBeInTheDocument();
    const upload = requests.find((request) => request.path === '/api/stylist/upload-profile-image');
    const form = upload?.body as FormData;
    expect(form.get('userId')).toBe('acc-1');
    expect(form.get('file')).toBeInstanceOf(File);

    account = withPhoto(account, PHOTO);
    answer(jsonResponse(200, { success: true, imageUrl: '/files/full.webp', thumbnailUrl: PHOTO }));
    expect(await within(modal).findByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    await waitFor(() => expect(profile.querySelector('img')).toHaveAttribute('src', PHOTO));
  });

  test("the server's message shows when the upload is refused; a photo over 10 MB never leaves", async () => {
    const { user, requests } = renderModal({
      'POST /api/stylist/upload-profile-image': () =>
        jsonResponse(415, {
          message: 'Choose a JPEG, PNG, WebP, GIF or AVIF photo.',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
    });
    const modal = await dialog();
    await within(modal).findByRole('button', { name: 'Add Photo' });
    const input = within(modal).getByLabelText('Profile photo file');

    await user.upload(input, new File(['heic'], 'me.heic', { type: 'image/heic' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG, WebP, GIF or AVIF photo.',
    );

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', {
      type: 'image/png',
    });
    const uploads = () =>
      requests.filter((request: RecordedRequest) => request.method === 'POST').length;
    const before = uploads();
    await user.upload(input, huge);
    expect(await within(modal).findByRole('alert')).toHaveTextContent('over 10 MB');
    expect(uploads()).toBe(before);
  });
});
