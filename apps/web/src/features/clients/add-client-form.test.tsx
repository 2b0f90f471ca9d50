import {
  DUPLICATE_CLIENT_EMAIL_MESSAGE,
  type ClientDocument,
  type CreateClientBody,
} from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock.ts';
import { accountDocument } from '../../test/fixtures.ts';
import { makeJwtExpiringIn } from '../../test/jwt.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStore } from '../../lib/session-store.ts';

const TEXTS = {
  'stylist.addClient.successMessage': 'Margot is on your list now.',
  'stylist.addClient.loginButton': 'Open Her Account',
  'stylist.addClient.addAnotherButton': 'Register Someone Else',
};

const MARGOT: CreateClientBody = {
  firstName: 'Margot',
  lastName: 'Tenenbaum',
  email: 'margot@example.com',
  phone: '212 555 0101',
  address: '111 Archer Ave',
  city: 'New York',
  state: 'NY',
  postalCode: '10012',
};

function createdClient(id: number, shopAccount: string | null = null): ClientDocument {
  return {
    data: {
      id,
      type: 'clients',
      attributes: {
        ...MARGOT,
        phone: '(212) 555-0101',
        name: 'Margot Tenenbaum',
        initials: 'MT',
        thumbnailUrl: null,
        comment: '',
        shopifyCustomerId: null,
        paymentMethod: null,
        userId: 'usr-42',
        createdAt: '2026-03-01T10:00:00.000Z',
        commissions: [{ number: 0, total: 0 }],
        pendingItems: [
          {
            open: 0,
            accepted: 0,
            total: 0,
            itemsSold: 0,
            pendingReviewTotal: 0,
            pendingShipmentTotal: 0,
          },
        ],
      },
      links: { admin: null, shopAccount, shopQuotes: null, shopShipList: null },
    },
  };
}

type Answer = (request: RecordedRequest) => Response | Promise<Response>;

async function renderForm(answerCreate: Answer, otherAnswers: Record<string, Answer> = {}) {
  const fetchMock = mockFetch({
    'GET /api/account?include=stylist': () => jsonResponse(200, accountDocument()),
    'GET /api/i18n': () => jsonResponse(200, { en: TEXTS }),
    'GET /api/stylist/dashboard': () =>
      jsonResponse(200, {
        commissions: [{ total: 0, pending: 0 }],
        pendingItems: [{ pendingReviewTotal: 0, pendingShipmentTotal: 0 }],
        taskCount: 0,
        clientCount: 0,
      }),
    'POST /api/stylist/clients': answerCreate,
    ...otherAnswers,
  });
  sessionStore.startSession(makeJwtExpiringIn(900_000));
  sessionStore.markStylistVerified();
  const view = renderApp('/dashboard');
  const card = await screen.findByRole('region', { name: 'Add New Client' });
  // The form loads apart from the dashboard.
  await within(card).findByLabelText('State');
  // The success panel's texts come from /api/i18n: let them arrive before a test submits.
  await waitFor(() => expect(fetchMock.requests.some((r) => r.path === '/api/i18n')).toBe(true));
  return { ...view, ...fetchMock, card };
}

type User = Awaited<ReturnType<typeof renderForm>>['user'];

async function fillForm(user: User, card: HTMLElement, values: CreateClientBody = MARGOT) {
  const form = within(card);
  await user.type(form.getByLabelText('First Name'), values.firstName);
  await user.type(form.getByLabelText('Last Name'), values.lastName);
  await user.type(form.getByLabelText('Email'), values.email);
  await user.type(form.getByLabelText('Phone'), values.phone);
  await user.type(form.getByLabelText('Address'), values.address);
  await user.type(form.getByLabelText('City'), values.city);
  await user.selectOptions(form.getByLabelText('State'), values.state);
  await user.type(form.getByLabelText('Postal Code'), values.postalCode);
}

function creations(requests: RecordedRequest[]) {
  return requests.filter(
    (request) => request.method === 'POST' && request.path === '/api/stylist/clients',
  );
}

afterEach(() => {
  sessionStore.end();
});

// Each test drives the whole app through a filled form: on a loaded CI machine that nears 5 s.
describe('add client form', { timeout: 15_000 }, () => {
  test('offers the 50 states by postal code, grouped under their first letter', async () => {
    const { card } = await renderForm(() => jsonResponse(201, createdClient(42)));
    const select = within(card).getByLabelText('State');

    const groups = within(select).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([...'ACDFGHIKLMNOPRSTUVW']);
    const states = within(select)
      .getAllByRole<HTMLOptionElement>('option')
      .filter((option) => option.value !== '');
    expect(states).toHaveLength(50);
    expect(new Set(states.map((option) => option.value)).size).toBe(50);
    const groupA = groups[0]!;
    expect(
      within(groupA)
        .getAllByRole<HTMLOptionElement>('option')
        .map((option) => [option.value, option.textContent]),
    ).toEqual([
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
    ]);
    expect(select).toHaveValue('');
    expect(select).toHaveAttribute('autocomplete', 'address-level1');
  });

  test('gives each field the keyboard and autofill hints of its kind', async () => {
    const { card } = await renderForm(() => jsonResponse(201, createdClient(42)));
    const form = within(card);

    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(form.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(form.getByLabelText('City')).toHaveAttribute('autocomplete', 'address-level2');
    expect(form.getByLabelText('Postal Code')).toHaveAttribute('autocomplete', 'postal-code');
    expect(form.getByLabelText('Postal Code')).toHaveAttribute('inputmode', 'numeric');
    for (const label of ['First Name', 'Last Name', 'Address', 'City', 'Postal Code']) {
      expect(form.getByLabelText(label)).not.toBeRequired();
    }
  });

  test('posts exactly the eight fields and reads "Signing Up", disabled, until answered', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, card, requests } = await renderForm(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await fillForm(user, card);
    await user.click(within(card).getByRole('button', { name: 'Create Account' }));

    const busy = await within(card).findByRole('button', { name: 'Signing Up' });
    expect(busy).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Create Account' })).toBeNull();
    // Enter in a field is a second submit: it must not post again.
    await user.type(within(card).getByLabelText('Postal Code'), '{Enter}');
    await user.click(busy);
    expect(creations(requests)).toHaveLength(1);
    expect(creations(requests)[0]!.body).toStrictEqual(MARGOT);

    answer(jsonResponse(201, createdClient(42)));
    expect(await within(card).findByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  });

  test('shows server field errors under their fields and keeps what was typed', async () => {
    const { user, card } = await renderForm(() =>
      jsonResponse(400, {
        message: 'Some fields are not valid.',
        code: 'VALIDATION_FAILED',
        errors: {
          email: [DUPLICATE_CLIENT_EMAIL_MESSAGE],
          postalCode: ['Enter a 5-digit ZIP code, like 10012'],
          phone: ["Enter the client's phone number", 'Enter a 10-digit US phone number'],
        },
      }),
    );
    await fillForm(user, card);
    await user.click(within(card).getByRole('button', { name: 'Create Account' }));

    const email = within(card).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(DUPLICATE_CLIENT_EMAIL_MESSAGE));
    expect(email).toBeInvalid();
    expect(email).toHaveFocus();
    expect(within(card).getByLabelText('Postal Code')).toHaveAccessibleDescription(
      'Enter a 5-digit ZIP code, like 10012',
    );
    expect(within(card).getByLabelText('Phone')).toHaveAccessibleDescription(
      "Enter the client's phone number Enter a 10-digit US phone number",
    );
    expect(within(card).getByLabelText('First Name')).toBeValid();
    expect(within(card).getByLabelText('First Name')).not.toHaveAccessibleDescription();
    // Field errors stand for themselves: no general message on top of them.
    expect(within(card).queryByText('Some fields are not valid.')).toBeNull();

    const button = within(card).getByRole('button', { name: 'Create Account' });
    expect(button).toBeEnabled();
    expect(within(card).getByLabelText('First Name')).toHaveValue('Margot');
    expect(email).toHaveValue('margot@example.com');
    expect(within(card).getByLabelText('State')).toHaveValue('NY');

    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription();
    expect(within(card).getByLabelText('Postal Code')).toBeInvalid();
  });

  test('a failure without field errors shows its message above the button', async () => {
    const { user, card, requests } = await renderForm(() => {
      throw new TypeError('Failed to fetch');
    });
    await fillForm(user, card);
    await user.click(within(card).getByRole('button', { name: 'Create Account' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(within(card).getByLabelText('Last Name')).toHaveValue('Tenenbaum');
    expect(within(card).getByRole('button', { name: 'Create Account' })).toBeEnabled();

    await user.click(within(card).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(creations(requests)).toHaveLength(2));
  });

  test('on success shows Congratulations with the texts, the login button beside add-another', async () => {
    const { user, card, router } = await renderForm(() => jsonResponse(201, createdClient(42)));
    await fillForm(user, card);
    await user.click(within(card).getByRole('button', { name: 'Create Account' }));

    const heading = await within(card).findByRole('heading', { name: 'Congratulations!' });
    expect(heading).toHaveFocus();
    expect(within(card).getByText(TEXTS['stylist.addClient.successMessage'])).toBeVisible();
    expect(within(card).queryByLabelText('First Name')).toBeNull();
    // No shop on this server: the button is there, says why it cannot go, and leads nowhere.
    const login = within(card).getByRole('button', { name: 'Open Her Account' });
    expect(login).toHaveAttribute('aria-disabled', 'true');
    const addAnother = within(card).getByRole('button', { name: 'Register Someone Else' });
    expect(login.parentElement).toBe(addAnother.parentElement);

    await user.click(addAnother);
    const firstName = within(card).getByLabelText('First Name');
    expect(firstName).toHaveValue('');
    expect(firstName).toHaveFocus();
    expect(within(card).getByLabelText('Email')).toHaveValue('');
    expect(within(card).getByLabelText('State')).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test("the login button signs in to the new client's shop account in a new tab (§7)", async () => {
    const tab = { opener: window, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ticket = 'http://localhost/api/stylist/usr-42/client-login?ticket=t&target=dashboard';
    const created = createdClient(42, 'https://shop.example.com/account');
    const { user, card, requests } = await renderForm(() => jsonResponse(201, created), {
      'POST /api/stylist/clients/42/client-login': () =>
        jsonResponse(201, { url: ticket, expiresAt: new Date().toISOString() }),
    });
    await fillForm(user, card);
    await user.click(within(card).getByRole('button', { name: 'Create Account' }));

    await user.click(await within(card).findByRole('button', { name: 'Open Her Account' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(ticket));
    expect(requests.find((request) => request.path.endsWith('/client-login'))).toMatchObject({
      method: 'POST',
      body: { target: 'dashboard' },
    });
    open.mockRestore();
  });
});
