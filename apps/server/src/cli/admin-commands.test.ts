import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZodError } from 'zod';
import type { App } from '../app.ts';
import { quoteOffers, quotes, quoteStatusHistory, stylists, users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { insertClients, insertQuote } from '../test/fixtures.ts';
import { buildTestApp, createTestAccount, signIn } from '../test/test-app.ts';
import { runAdminCommand, USAGE, UsageError } from './admin-commands.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const run = (argv: string[]) => runAdminCommand(argv, { db: app.database.db, auth: app.auth });
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

test('a short password is refused before anything is written', async () => {
  await expect(
    run([
      'create-stylist',
      '--email',
      'short@atelier.test',
      '--password',
      'short',
      '--first-name',
      'A',
      '--last-name',
      'B',
    ]),
  ).rejects.toThrow();
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
    ).toMatch(/: Authenticated - Has Offer; offers: consignment \$1,200\.00, buyout \$800\.50\.$/);
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
