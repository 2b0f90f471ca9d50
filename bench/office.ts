/**
 * The back office's queues at scale (100k quotes by default: 50k clients × 2 quotes) on
 * PostgreSQL: a queue's first page, a deep page, the filters and the searches, as an operations
 * lead calls them, and the reports over 30 and 366 days (on a status history made here: the life
 * cycle's steps of every quote over the past year), with /health/live as the baseline, all in one
 * run. Issue 30's target: a queue page answers in p95 ≤ 300 ms (autocannon reports p97.5, which
 * is at least p95).
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/office.ts'
 *
 * Knobs: DURATION (s per scenario, 5), CONNECTIONS (10), WARMUP (s, 1), ROUNDS (interleaved
 * rounds of every scenario, 3), and generate-data.ts's STYLISTS (1 here), CLIENTS_PER_STYLIST
 * (50000 here), QUOTES_PER_CLIENT (2), COMMISSIONS_PER_CLIENT (1).
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { officeClaims, quotes, users } from '../apps/server/src/db/schema.ts';
import { createAccount } from '../apps/server/src/features/user-accounts/create-account.ts';
import { API_ACCEPT, type OfficeQueueDocument } from '../packages/contract/src/index.ts';
import {
  BENCH_PASSWORD,
  generateData,
  generateStatusHistory,
  optionsFromEnv,
} from './generate-data.ts';
import { printRounds, runRounds } from './rounds.ts';
import { buildBenchApp, requirePostgres } from './bench-app.ts';
import { bearerFor } from './sign-in.ts';

requirePostgres('bench/office.ts');

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const warmup = Number(process.env.WARMUP ?? 1);
const rounds = Number(process.env.ROUNDS ?? 3);
const TARGET_MS = 300;
const generate = optionsFromEnv({ STYLISTS: '1', CLIENTS_PER_STYLIST: '50000', ...process.env });
const OFFICE_EMAIL = 'bench-office@atelier.test';

const { app, config, close } = await buildBenchApp();
const db = app.database.db;

let outcome: Awaited<ReturnType<typeof runRounds>> | undefined;

try {
  await generateData(db, { ...generate, auth: app.auth, log: (line) => console.log(`  ${line}`) });
  let [office] = await db.select({ id: users.id }).from(users).where(eq(users.email, OFFICE_EMAIL));
  if (!office) {
    const made = await createAccount(db, app.auth, {
      email: OFFICE_EMAIL,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Office',
      role: 'operations',
    });
    office = { id: made.userId };
    // A morning's claims: 40 items of each queue held by the lead.
    await db.execute(sql`
      insert into ${officeClaims} (quote_id, user_id)
      select id, ${office.id} from (
        select id, row_number() over (partition by office_stage order by stage_entered_at) as n
        from ${quotes} where office_stage is not null
      ) ranked where n <= 40
      on conflict do nothing`);
  }

  // The reports read the quotes' status history, which generate-data.ts does not write.
  await generateStatusHistory(db, office.id, (line) => console.log(`  ${line}`));

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = {
    ...(await bearerFor(address, config.publicUrl, {
      email: OFFICE_EMAIL,
      password: BENCH_PASSWORD,
    })),
    accept: API_ACCEPT,
  };
  const probe = async (query: string) => {
    const response = await fetch(`${address}/api/office/queues/${query}`, { headers });
    if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return (await response.json()) as OfficeQueueDocument;
  };
  const first = await probe('to_authenticate');
  const warehouse = await probe('at_warehouse');
  const deepPage = Math.max(1, warehouse.meta.pagination.totalPages - 1);
  const someRow = first.data[0]!;
  const facts = (await db.execute(
    sql`select current_setting('server_version') as version, (select count(*)::int from quotes) as quotes`,
  )) as unknown as { rows: [{ version: string; quotes: number }] };

  const scenarios = [
    { name: 'GET /health/live (the baseline)', path: '/health/live' },
    {
      name: `to_authenticate page 1 (${first.meta.counts.to_authenticate} items)`,
      path: '/api/office/queues/to_authenticate',
    },
    {
      name: `at_warehouse page ${deepPage} (deep)`,
      path: `/api/office/queues/at_warehouse?page=${deepPage}`,
    },
    { name: 'offers_out, mine=true', path: '/api/office/queues/offers_out?mine=true' },
    {
      name: 'to_price, by stylist and designer',
      path: `/api/office/queues/to_price?stylistId=${someRow.stylist.id}&designerId=1`,
    },
    {
      name: 'search by barcode',
      path: `/api/office/queues/to_authenticate?q=${encodeURIComponent(someRow.barCode)}`,
    },
    {
      name: 'search by quote id',
      path: `/api/office/queues/to_authenticate?q=%23${someRow.quoteId}`,
    },
    // Reports (§11): the last 30 days, a whole year, and the CSV of the 30 days.
    { name: 'report, 30 days', path: `/api/office/reports?${reportRange(30)}` },
    { name: 'report, 366 days', path: `/api/office/reports?${reportRange(366)}` },
    { name: 'report CSV, 30 days', path: `/api/office/reports.csv?${reportRange(30)}` },
  ];
  console.log(
    `\nPostgreSQL ${facts.rows[0].version}, ${facts.rows[0].quotes} quotes; ${rounds} interleaved rounds of ` +
      `${duration}s per scenario after ${warmup}s warm-up, ${connections} connections, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
  );
  outcome = await runRounds({ address, headers, scenarios, rounds, duration, warmup, connections });
} finally {
  await close();
}

/** `from=…&to=…`: the last `days` days, today included (UTC days, near enough for a bench). */
function reportRange(days: number) {
  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(days - 1)}&to=${day(0)}`;
}

printRounds(outcome.samples, TARGET_MS);
if (outcome.failed) {
  console.error('\nsome answers were not 2xx: the numbers above do not measure the queues');
  process.exit(1);
}
