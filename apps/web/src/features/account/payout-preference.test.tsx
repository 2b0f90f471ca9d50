import type { AccountDocument, PaymentMethod } from '@atelier/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { AccountModal } from '../../app/layouts/account-modal.tsx';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { accountQueryKey } from '../auth/index.ts';
import { sessionStore } from '../../lib/session-store.ts';

const PATCH = 'PATCH /api/account/payment-options';

afterEach(() => {
  sessionStore.end();
});

/** The account as the server answers after saving `body`. */
function savedAccount(body: { paymentMethod: PaymentMethod; paypalAddress: string | null }) {
  const document = accountDocument();
  const stylist = document.included[0]!;
  return {
    ...document,
    data: { ...document.data, attributes: { ...document.data.attributes, ...body } },
    included: [{ ...stylist, attributes: { ...stylist.attributes, ...body } }],
  } satisfies AccountDocument;
}

function echoSaved(request: RecordedRequest): Response {
  return jsonResponse(200, savedAccount(request.body as Parameters<typeof savedAccount>[0]));
}

function renderAccountModal(
  patch: (request: RecordedRequest) => Response | Promise<Response>,
  account: AccountDocument = accountDocument(),
) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, account),
    'GET /api/i18n': () =>
      jsonResponse(200, {
        en: {
          'stylist.paymentSetting.overview': 'How would you like to be paid?',
          'stylist.paymentSetting.paypal': 'Payouts go to this PayPal account.',
        },
      }),
    [PATCH]: patch,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
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
  return { ...fetchMock, user, queryClient };
}

async function openPayout(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Stylist Account' });
  const row = await within(dialog).findByRole('button', { name: /Payout/ });
  await user.click(row);
  const form = await within(dialog).findByRole('form', { name: 'Payout preference' });
  return { dialog, row, form };
}

function patchBodies(requests: RecordedRequest[]): unknown[] {
  return requests.filter((request) => request.method === 'PATCH').map((request) => request.body);
}

// Modal renders with Mantine inputs are slow on a busy machine; the default 5 s is too tight.
const UI_TEST_TIMEOUT_MS = 20_000;

describe('payout preference', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  test('the row shows the current method and opens the form with the texts', async () => {
    const { user } = renderAccountModal(echoSaved);
    const { row, form } = await openPayout(user);

    expect(row).toHaveTextContent('Check');
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(await within(form).findByText('How would you like to be paid?')).toBeVisible();
    expect(within(form).getByRole('radio', { name: /Check/ })).toBeChecked();
    expect(within(form).getByText('3-5 Business days - Free')).toBeVisible();
    expect(within(form).queryByPlaceholderText('Enter PayPal Address')).not.toBeInTheDocument();
  });

  test('switching to PayPal shows the address input; saving sends it, Saving then Saved', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, requests, queryClient } = renderAccountModal(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { row, form } = await openPayout(user);

    await user.click(within(form).getByRole('radio', { name: 'PayPal' }));
    const input = within(form).getByPlaceholderText('Enter PayPal Address');
    expect(await within(form).findByText('Payouts go to this PayPal account.')).toBeVisible();
    await user.type(input, 'coco@paypal.example');
    await user.click(within(form).getByRole('button', { name: 'SAVE PAYOUT PREFERENCE' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Saving…');
    expect(patchBodies(requests)).toEqual([
      { paymentMethod: 'paypal', paypalAddress: 'coco@paypal.example' },
    ]);
    answer(
      jsonResponse(
        200,
        savedAccount({ paymentMethod: 'paypal', paypalAddress: 'coco@paypal.example' }),
      ),
    );

    expect(await within(form).findByText('Saved')).toBeVisible();
    // The button it was on stays, but the news is the outcome: focus moves there and it is read out.
    expect(within(form).getByRole('status')).toHaveFocus();
    expect(row).toHaveTextContent('PayPal (coco@paypal.example)');
    const cached = queryClient.getQueryData<AccountDocument>(accountQueryKey);
    expect(cached?.included[0]?.attributes.paymentMethod).toBe('paypal');
  });

  test('a 400 on the address marks the PayPal field invalid, says why under it and focuses it', async () => {
    const { user } = renderAccountModal(() =>
      jsonResponse(400, {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: {
          paypalAddress: ['paypalAddress: Enter the email address of your PayPal account'],
        },
      }),
    );
    const { row, form } = await openPayout(user);

    await user.click(within(form).getByRole('radio', { name: 'PayPal' }));
    await user.type(within(form).getByPlaceholderText('Enter PayPal Address'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'SAVE PAYOUT PREFERENCE' }));

    const input = within(form).getByRole('textbox', { name: 'PayPal address' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Enter the email address of your PayPal account'),
    );
    expect(input).toHaveFocus();
    expect(input).toHaveValue('not-an-email');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(within(form).queryByText('Saved')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Check');
  });

  test('other refusals are a list under the form that takes focus; the PayPal field stays valid', async () => {
    const { user } = renderAccountModal(() =>
      jsonResponse(400, {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: {
          paymentMethod: ['paymentMethod: Choose check or PayPal'],
          stylist: ['Your stylist profile is being set up'],
        },
      }),
    );
    const { form } = await openPayout(user);

    await user.click(within(form).getByRole('radio', { name: 'PayPal' }));
    await user.type(
      within(form).getByPlaceholderText('Enter PayPal Address'),
      'coco@paypal.example',
    );
    await user.click(within(form).getByRole('button', { name: 'SAVE PAYOUT PREFERENCE' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveFocus();
    // The live region wraps the list, so the list keeps its role and its items.
    const list = within(alert).getByRole('list', { name: 'Payout errors' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Choose check or PayPal', 'Your stylist profile is being set up']);
    expect(within(form).getByRole('textbox', { name: 'PayPal address' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  test('the Payout row is there while the account still loads', async () => {
    renderAccountModal(echoSaved, accountDocument());
    const dialog = await screen.findByRole('dialog', { name: 'Stylist Account' });
    expect(within(dialog).getByRole('button', { name: /Payout/ })).toHaveTextContent('Loading…');
    expect(await within(dialog).findByRole('button', { name: /Payout/ })).toHaveTextContent(
      'Check',
    );
  });

  test('choosing Check sends a null PayPal address', async () => {
    const { user, requests } = renderAccountModal(
      echoSaved,
      savedAccount({ paymentMethod: 'paypal', paypalAddress: 'old@paypal.example' }),
    );
    const { row, form } = await openPayout(user);
    expect(row).toHaveTextContent('PayPal (old@paypal.example)');
    expect(within(form).getByPlaceholderText('Enter PayPal Address')).toHaveValue(
      'old@paypal.example',
    );

    await user.click(within(form).getByRole('radio', { name: /Check/ }));
    await user.click(within(form).getByRole('button', { name: 'SAVE PAYOUT PREFERENCE' }));

    expect(await within(form).findByText('Saved')).toBeVisible();
    expect(patchBodies(requests)).toEqual([{ paymentMethod: 'check', paypalAddress: null }]);
    expect(row).toHaveTextContent('Check');
  });
});
