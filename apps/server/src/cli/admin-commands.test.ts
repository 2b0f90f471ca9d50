import { COMMON_PASSWORD_MESSAGE, type OfferType } from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZodError } from 'zod';
import type { App } from '../app.ts';
import {
  accessLinks,
  commissions,
  commissionStatuses,
  notifications,
  quoteOffers,
  quotes,
  quoteStatusHistory,
  stylists,
  users,
} from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { insertClients, insertOffers, insertQuote } from '../test/fixtures.ts';
import { buildTestApp, createTestAccount, signIn, TEST_ORIGIN } from '../test/test-app.ts';
import { findAccessLink } from '../features/links/access-links.ts';
import { runAdminCommand, USAGE, UsageError } from './admin-commands.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const run = (argv: string[]) =>
  runAdminCommand(argv, { db: app.database.db, auth: app.auth, publicUrl: TEST_ORIGIN });
const account = ['--password', 'a-long-password', '--first-name', 'Ava', '--last-name', 'Stone'];

test('create-stylist makes an account that signs in and has a stylist record', async () => {
  const output = await run(['create-stylist', '--email', 'Ava@Atelier.test', ...account]);
  expect(output).toMatch(/^Created stylist #\d+ ava@atelier\.test/);
  const [row] = await app.database.db
    .select({ role: users.role, firstName: stylists.firstName })
    .from(users)
    .innerJoin(stylists, eq(stylists.userId, users.id))
    .where(eq(users.email, 'ava@atelier.test'));
  expect(row).toEqual({ role: 'stylist', firstName: 'Ava' });
  expect((await signIn(app, 'ava@atelier.test', 'a-long-password')).response.statusCode).toBe(200);
});

test('create-admin makes an admin without a stylist record', async () => {
  await run(['create-admin', '--email', 'boss@atelier.test', ...account]);
  const [row] = await app.database.db
    .select({ role: users.role, stylistId: stylists.id })
    .from(users)
    .leftJoin(stylists, eq(stylists.userId, users.id))
    .where(eq(users.email, 'boss@atelier.test'));
  expect(row).toEqual({ role: 'admin', stylistId: null });
});

test('a duplicate email is refused and nothing is written', async () => {
  await expect(run(['create-stylist', '--email', 'ava@atelier.test', ...account])).rejects.toThrow(
    'already exists',
  );
  expect(
    await app.database.db.select().from(users).where(eq(users.email, 'ava@atelier.test')),
  ).toHaveLength(1);
});

test('missing options and unknown commands explain the usage', async () => {
  await expect(run(['create-stylist', '--email', 'x@atelier.test'])).rejects.toThrow(UsageError);
  await expect(run(['create-stylist', '--email', 'x@atelier.test'])).rejects.toThrow(
    /Missing: --password/,
  );
  await expect(run(['delete-everything'])).rejects.toThrow(/Unknown command/);
});

test.each([
  ['a short password', 'eleven-char', 'Use at least 12 characters.'],
  ['a common password', 'qwerty123456', COMMON_PASSWORD_MESSAGE],
])('%s is refused before anything is written', async (_, password, message) => {
  const names = ['--first-name', 'A', '--last-name', 'B'];
  await expect(
    run(['create-stylist', '--email', 'short@atelier.test', '--password', password, ...names]),
  ).rejects.toThrow(message);
  expect(
    await app.database.db.select().from(users).where(eq(users.email, 'short@atelier.test')),
  ).toEqual([]);
});

describe('moving quotes from the command line', () => {
  async function newQuote() {
    const stylist = await createTestAccount(app);
    const [client] = await insertClients(app.database.db, stylist.stylistId!, [
      { firstName: 'Cli', lastName: 'Client' },
    ]);
    return insertQuote(app.database.db, {
      stylistId: stylist.stylistId!,
      clientId: client!.id,
      barCode: `WG${Date.now().toString().slice(-8)}`,
    });
  }

  const stored = async (quoteId: number) => ({
    quote: (await app.database.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0],
    offers: await app.database.db
      .select({ type: quoteOffers.type, amountCents: quoteOffers.amountCents })
      .from(quoteOffers)
      .where(eq(quoteOffers.quoteId, quoteId))
      .orderBy(asc(quoteOffers.type)),
    history: await app.database.db
      .select()
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, quoteId))
      .orderBy(asc(quoteStatusHistory.id)),
  });

  test('the usage lists the quote commands and every action', () => {
    expect(USAGE).toMatch(/quote-show +<quoteId>/);
    expect(USAGE).toMatch(/start_authentication, authenticate, set_offers, .*convert/s);
  });

  test('quote-show prints one line with the id, the status label and the offers', async () => {
    const quoteId = await newQuote();
    expect(await run(['quote-show', String(quoteId)])).toMatch(
      new RegExp(
        `^Quote #${quoteId} WG\\d{8} \\(.+ Test bag\\): Pending Authentication; offers: none\\.$`,
      ),
    );
  });

  test('quote actions move the quote as the back office, without an account, and store offers in cents', async () => {
    const quoteId = await newQuote();
    expect(
      await run(['quote', 'start_authentication', String(quoteId), '--note', 'By phone.']),
    ).toMatch(/: Authentication in Progress; offers: none\.$/);
    expect(
      await run([
        'quote',
        'authenticate',
        String(quoteId),
        '--consignment',
        '1200',
        '--buyout',
        '800.50',
      ]),
    ).toMatch(
      /: Authenticated - Has Offer; offers: consignment \$1,200\.00, buyout \$800\.50 \(open until \S+\)\.$/,
    );
    const { quote, offers, history } = await stored(quoteId);
    expect(quote).toMatchObject({ status: 'authenticated_with_offer', isApproved: true });
    expect(offers).toEqual([
      { type: 'consignment', amountCents: 120_000 },
      { type: 'buyout', amountCents: 80_050 },
    ]);
    expect(
      history.map(({ toStatus, actorKind, actorUserId, note }) => ({
        toStatus,
        actorKind,
        actorUserId,
        note,
      })),
    ).toEqual([
      {
        toStatus: 'authentication_in_progress',
        actorKind: 'admin',
        actorUserId: null,
        note: 'By phone.',
      },
      {
        toStatus: 'authenticated_with_offer',
        actorKind: 'admin',
        actorUserId: null,
        note: 'Authentic. Offers approved for presentation: consignment $1,200.00, buyout $800.50.',
      },
    ]);
    // Renewed for three days from now, whatever the default.
    const renewed = await run(['quote', 'renew_offers', String(quoteId), '--days', '3']);
    const until = /\(open until (\S+)\)/.exec(renewed)?.[1];
    const days = (Date.parse(until ?? '') - Date.now()) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    await expect(run(['quote', 'renew_offers', String(quoteId), '--days', '0'])).rejects.toThrow(
      /at least 1 day/,
    );
  });

  test('a move the life cycle refuses fails with its message and changes nothing', async () => {
    const quoteId = await newQuote();
    const before = await stored(quoteId);
    await expect(run(['quote', 'receive', String(quoteId)])).rejects.toThrow(AppError);
    await expect(run(['quote', 'receive', String(quoteId)])).rejects.toThrow(
      'A quote that is "Pending Authentication" cannot become "Received at Warehouse".',
    );
    await expect(run(['quote', 'convert', '2000000'])).rejects.toThrow('Quote not found');
    await expect(run(['quote-show', '2000000'])).rejects.toThrow('Quote not found');
    expect(await stored(quoteId)).toEqual(before);
  });

  test('options that do not fit the action, and bad amounts or ids, are refused before anything changes', async () => {
    const quoteId = String(await newQuote());
    await run(['quote', 'start_authentication', quoteId]);
    const before = await stored(Number(quoteId));
    for (const argv of [
      ['quote', 'mark_counterfeit', quoteId],
      ['quote', 'authenticate', quoteId, '--consignment', 'lots'],
      ['quote', 'authenticate', quoteId, '--buyout=-5'],
      ['quote', 'set_offers', quoteId],
      ['quote', 'request_more_info', quoteId, '--comment', 'x', '--buyout', '5'],
      ['quote', 'authenticate', 'abc'],
      ['quote-show', 'abc'],
    ]) {
      await expect(run(argv), argv.join(' ')).rejects.toThrow(ZodError);
    }
    for (const argv of [
      ['quote', 'approve', quoteId],
      ['quote'],
      ['quote', 'receive'],
      ['quote', 'receive', quoteId, quoteId],
      ['quote-show'],
      ['quote', 'receive', quoteId, '--price', '5'],
    ]) {
      await expect(run(argv), argv.join(' ')).rejects.toThrow();
    }
    await expect(run(['quote', 'approve', quoteId])).rejects.toThrow(UsageError);
    await expect(run(['quote', 'approve', quoteId])).rejects.toThrow(
      /Unknown quote action: approve/,
    );
    expect(await stored(Number(quoteId))).toEqual(before);
  });
});

describe('sales and payouts from the command line', () => {
  async function convertedQuote(accepted: OfferType) {
    const stylist = await createTestAccount(app);
    const [client] = await insertClients(app.database.db, stylist.stylistId!, [
      { firstName: 'Cli', lastName: 'Client' },
    ]);
    const quoteId = await insertQuote(app.database.db, {
      stylistId: stylist.stylistId!,
      clientId: client!.id,
      status: 'converted',
      acceptedOfferType: accepted,
    });
    await insertOffers(app.database.db, quoteId, { consignment: 1200_00, buyout: 800_00 });
    return quoteId;
  }

  const commissionOf = async (quoteId: number) =>
    (await app.database.db.select().from(commissions).where(eq(commissions.quoteId, quoteId)))[0];

  test('the usage lists record-sale and mark-paid', () => {
    expect(USAGE).toMatch(/record-sale +<quoteId> --commission <dollars>/);
    expect(USAGE).toMatch(/mark-paid +<commissionId\.\.\.>/);
  });

  test('record-sale sells a consignment at the estimate and a buyout with its order id, as the back office', async () => {
    const consigned = await convertedQuote('consignment');
    expect(await run(['record-sale', String(consigned), '--commission', '120.50'])).toMatch(
      new RegExp(
        `^Quote #${consigned} sold\\. Commission #\\d+: \\$120\\.50 for .+ Test bag; payout \\$1,200\\.00\\.$`,
      ),
    );
    expect(await commissionOf(consigned)).toMatchObject({
      amountCents: 120_50,
      purchasePriceCents: 1200_00,
      orderId: null,
    });
    const bought = await convertedQuote('buyout');
    expect(
      await run([
        'record-sale',
        String(bought),
        '--commission',
        '80',
        '--purchase-price',
        '900',
        '--order-id',
        'SHOP-7',
      ]),
    ).toMatch(/payout \$900\.00; order SHOP-7\.$/);
    const [quote] = await app.database.db.select().from(quotes).where(eq(quotes.id, bought));
    expect(quote?.status).toBe('sold');
    const history = await app.database.db
      .select({
        actorKind: quoteStatusHistory.actorKind,
        actorUserId: quoteStatusHistory.actorUserId,
      })
      .from(quoteStatusHistory)
      .where(eq(quoteStatusHistory.quoteId, bought));
    expect(history).toEqual([{ actorKind: 'admin', actorUserId: null }]);
  });

  test('record-sale refuses bad input and quotes that are not converted, writing nothing', async () => {
    const quoteId = await convertedQuote('consignment');
    const id = String(quoteId);
    await expect(run(['record-sale', id])).rejects.toThrow(/Missing: --commission/);
    await expect(run(['record-sale', '--commission', '5'])).rejects.toThrow(UsageError);
    await expect(run(['record-sale', id, '--commission', 'lots'])).rejects.toThrow(ZodError);
    await expect(run(['record-sale', id, '--commission', '5', '--order-id', 'X'])).rejects.toThrow(
      AppError,
    );
    await app.database.db.update(quotes).set({ status: 'received' }).where(eq(quotes.id, quoteId));
    await expect(run(['record-sale', id, '--commission', '5'])).rejects.toThrow(
      'Only a converted quote can be sold; this one is "Received at Warehouse".',
    );
    expect(await commissionOf(quoteId)).toBeUndefined();
  });

  test('mark-paid pays unpaid commissions once and lists the ones paid already', async () => {
    const quoteId = await convertedQuote('consignment');
    await run(['record-sale', String(quoteId), '--commission', '10']);
    const id = (await commissionOf(quoteId))!.id;
    expect(await run(['mark-paid', String(id)])).toBe(`Paid: #${id}. Already paid: none.`);
    expect((await commissionOf(quoteId))?.paidAt).toBeInstanceOf(Date);
    expect(await run(['mark-paid', String(id)])).toBe(`Paid: none. Already paid: #${id}.`);
    const paidUpdates = await app.database.db
      .select({ text: commissionStatuses.text })
      .from(commissionStatuses)
      .where(eq(commissionStatuses.commissionId, id))
      .then((rows) => rows.filter((row) => row.text.startsWith('Commission paid')));
    expect(paidUpdates).toEqual([{ text: 'Commission paid by check' }]);
    const sent = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/commission/${id}`));
    expect(sent).toHaveLength(1);
    await expect(run(['mark-paid'])).rejects.toThrow(UsageError);
    await expect(run(['mark-paid', 'abc'])).rejects.toThrow(ZodError);
    await expect(run(['mark-paid', '1999999'])).rejects.toThrow('Commission 1999999 not found');
  });
});

describe('client links', () => {
  test('share-link prints a new link to the page asked for, curated by default', async () => {
    const stylist = await createTestAccount(app);
    const [client] = await insertClients(app.database.db, stylist.stylistId!, [
      { firstName: 'Lina', lastName: 'Park' },
    ]);
    const pages = [
      [[], 'curated', 'client-response'],
      [['quotes'], 'quote', 'quote-share'],
      [['quote-offer'], 'quotes', 'offer-approval'],
    ] as const;
    for (const [extra, path, purpose] of pages) {
      const output = await run(['share-link', String(client!.id), ...extra]);
      const match = new RegExp(`^${TEST_ORIGIN}/${path}/([A-Za-z0-9_-]{43})$`).exec(output);
      expect(match, output).not.toBeNull();
      expect(await findAccessLink(app.database.db, purpose, match![1]!)).toMatchObject({
        clientId: client!.id,
      });
    }
    await expect(run(['share-link', String(client!.id), 'nope'])).rejects.toThrow(UsageError);
    await expect(run(['share-link', '2147483647'])).rejects.toThrow(AppError);
  });

  test('revoke-links revokes every live link of the client and says how many', async () => {
    const stylist = await createTestAccount(app);
    const [client, other] = await insertClients(app.database.db, stylist.stylistId!, [
      { firstName: 'Rae', lastName: 'Moss' },
      { firstName: 'Kept', lastName: 'Links' },
    ]);
    const url = await run(['share-link', String(client!.id)]);
    await run(['share-link', String(client!.id), 'quotes']);
    const kept = await run(['share-link', String(other!.id)]);
    expect(await run(['revoke-links', String(client!.id)])).toBe(
      `Revoked 2 links of Rae Moss (client #${client!.id}).`,
    );
    expect(await run(['revoke-links', String(client!.id)])).toBe(
      `Revoked 0 links of Rae Moss (client #${client!.id}).`,
    );
    const token = (link: string) => link.split('/').at(-1)!;
    expect(await findAccessLink(app.database.db, 'client-response', token(url))).toBeNull();
    expect(await findAccessLink(app.database.db, 'client-response', token(kept))).not.toBeNull();
    const rows = await app.database.db
      .select({ revokedAt: accessLinks.revokedAt })
      .from(accessLinks)
      .where(eq(accessLinks.clientId, client!.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    await expect(run(['revoke-links'])).rejects.toThrow(UsageError);
  });
});
