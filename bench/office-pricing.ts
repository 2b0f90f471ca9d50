/**
 * Price guidance at scale (1M sales by default) on PostgreSQL: "Make offers" on an item of the
 * designer and category with the most sales, on one whose category has too few (the guidance
 * falls back to the designer, the widest basis) and on one whose designer sold nothing, with
 * /health/live as the baseline, in interleaved rounds. Issue 30's target: p95 ≤ 200 ms
 * (autocannon reports p97.5, which is at least p95).
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/office-pricing.ts'
 *
 * The sales are sold quotes of one generated stylist's clients, each with its status history
 * (received, converted, sold) and its commission, made by the database in batches of
 * SALES_BATCH (insert … select … from generate_series); sale n is a catalogue item picked by a
 * hash of n, sold up to three years ago, a third of them bought outright, all paid out.
 *
 * Knobs: SALES (1000000), SALES_BATCH (50000), DURATION (s per scenario, 5), CONNECTIONS (10),
 * WARMUP (s, 1), ROUNDS (3), and generate-data.ts's STYLISTS (1 here), CLIENTS_PER_STYLIST
 * (10000 here), QUOTES_PER_CLIENT (2), COMMISSIONS_PER_CLIENT (1).
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { CATALOGUE } from '../apps/server/src/db/seed/designers.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { createAccount } from '../apps/server/src/features/user-accounts/create-account.ts';
import { API_ACCEPT, type PriceGuidanceDocument } from '../packages/contract/src/index.ts';
import { BENCH_PASSWORD, generateData, optionsFromEnv } from './generate-data.ts';
import { printRounds, runRounds } from './rounds.ts';
import { buildBenchApp, requirePostgres } from './bench-app.ts';
import { bearerFor } from './sign-in.ts';

requirePostgres('bench/office-pricing.ts');

const whole = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
  return n;
};
const SALES = whole('SALES', 1_000_000);
const BATCH = whole('SALES_BATCH', 50_000);
const duration = whole('DURATION', 5);
const connections = whole('CONNECTIONS', 10);
const warmup = Number(process.env.WARMUP ?? 1);
const rounds = whole('ROUNDS', 3);
const TARGET_MS = 200;
const generate = optionsFromEnv({ STYLISTS: '1', CLIENTS_PER_STYLIST: '10000', ...process.env });
const PRICER_EMAIL = 'bench-pricer@atelier.test';

const { app, config, close } = await buildBenchApp();
const db = app.database.db;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const catalogue = () => sql`
  items as (
    select (x.k - 1)::int as k, d.id as designer_id, c.id as category_id, x.designer, x.name, x.cents
    from rows from (jsonb_to_recordset(${json(
      CATALOGUE.map((item) => ({
        designer: item.designer,
        category: item.category,
        name: item.name,
        cents: item.valueCents,
      })),
    )}) as (designer text, category text, name text, cents int))
           with ordinality as x(designer, category, name, cents, k)
    join designers d on d.name = x.designer
    join categories c on c.name = x.category
  )`;
const barCode = (n: ReturnType<typeof sql>) => sql`'BS' || lpad((${n})::text, 9, '0')`;

/** Sales [from, to]: sold quotes, their history and their commissions, in one transaction. */
async function insertSales(tx: Pick<Db, 'execute'>, stylistId: number, from: number, to: number) {
  // Sale n: its item, when it was listed and sold, whether it was bought outright, its price.
  const planned = sql`
    ${catalogue()},
    owner as (select array_agg(id order by id) as ids from clients where stylist_id = ${stylistId}::int),
    planned as (
      select n, i.designer_id, i.category_id, i.designer, i.name, owner.ids[1 + n % cardinality(owner.ids)] as client_id,
             n % 3 = 0 as is_buyout,
             now() - make_interval(days => (n * 37) % 1095, secs => n % 86400) as sold_at,
             (round(i.cents * (case when n % 3 = 0 then 0.5 else 0.72 end + (n % 11) / 100.0) / 500) * 500)::int as price
      from generate_series(${from}::int, ${to}::int) as n
      join items i on i.k = ((hashint4(n)::bigint + 2147483648) % ${CATALOGUE.length})::int,
      owner
    )`;
  await tx.execute(sql`
    with ${planned}
    insert into quotes (stylist_id, client_id, designer_id, category_id, name, status, is_approved,
                        accepted_offer_type, bar_code, created_at, updated_at, stage_entered_at,
                        commission_paid_at)
    select ${stylistId}::int, client_id, designer_id, category_id, name, 'sold', true,
           (case when is_buyout then 'buyout' else 'consignment' end)::accepted_offer_type,
           ${barCode(sql`n`)}, sold_at - interval '90 days', sold_at, sold_at,
           sold_at + interval '14 days'
    from planned`);
  await tx.execute(sql`
    with listed as (
      select q.id, q.updated_at as sold_at, q.updated_at - make_interval(days => 1 + q.id % 60) as listed_at
      from quotes q
      where q.bar_code between ${`BS${String(from).padStart(9, '0')}`} and ${`BS${String(to).padStart(9, '0')}`}
    )
    insert into quote_status_history (quote_id, from_status, to_status, actor_kind, created_at)
    select id, 'in_transit'::quote_status, 'received'::quote_status, 'admin', listed_at - interval '3 days' from listed
    union all select id, 'received', 'converted', 'admin', listed_at from listed
    union all select id, 'converted', 'sold', 'system', sold_at from listed`);
  await tx.execute(sql`
    with ${planned}
    insert into commissions (stylist_id, client_id, quote_id, product_id, product_name, brand,
                             title_without_brand, amount_cents, purchase_price_cents, order_id,
                             created_at, paid_at)
    select ${stylistId}::int, p.client_id, q.id, 'bench-sale-' || p.n, p.designer || ' ' || p.name,
           p.designer, p.name, p.price / 8, p.price,
           case when p.is_buyout then 'ORD-' || p.n end, p.sold_at, p.sold_at + interval '14 days'
    from planned p join quotes q on q.bar_code = ${barCode(sql`p.n`)}`);
}

let outcome: Awaited<ReturnType<typeof runRounds>> | undefined;

try {
  const [stylist] = await generateData(db, {
    ...generate,
    auth: app.auth,
    log: (line) => console.log(`  ${line}`),
  });
  if (!stylist) throw new Error('no stylist was generated');
  const [counted] = await rowsOf<{ made: number }>(
    sql`select count(*)::int as made from quotes where bar_code like 'BS%'`,
  );
  const made = counted?.made ?? 0;
  if (made < SALES) {
    const started = performance.now();
    for (let from = made + 1; from <= SALES; from += BATCH) {
      const to = Math.min(SALES, from + BATCH - 1);
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        // A batch's inserts run past the server's request-sized statement timeout on a busy machine.
        await tx.execute(sql`set local statement_timeout = 0`);
        await insertSales(tx, stylist.stylistId, from, to);
      });
      console.log(`  sales ${to}/${SALES}`);
    }
    // Table by table, so that each stays within the pool's query timeout; VACUUM sets the
    // visibility map, which the covering index's index-only scans need.
    for (const table of ['quotes', 'quote_status_history', 'commissions', 'comparable_sales']) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    }
    console.log(`  sales made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  let [pricer] = await db.select({ id: users.id }).from(users).where(eq(users.email, PRICER_EMAIL));
  if (!pricer) {
    const account = await createAccount(db, app.auth, {
      email: PRICER_EMAIL,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Pricer',
      role: 'pricer',
    });
    pricer = { id: account.userId };
  }

  // Three items to price: the widest designer-and-category basis, the widest designer-only basis
  // (a category of the designer with the most sales that it never sold in), and no sales at all.
  const [widest] = await rowsOf<{ designer_id: number; category_id: number; n: number }>(sql`
    select designer_id, category_id, count(*)::int as n from comparable_sales
    group by 1, 2 order by 3 desc limit 1`);
  const [fallback] = await rowsOf<{ designer_id: number; category_id: number; n: number }>(sql`
    with busiest as (
      select designer_id, count(*)::int as n from comparable_sales group by 1 order by 2 desc limit 1
    )
    select b.designer_id, c.id as category_id, b.n from busiest b cross join categories c
    where not exists (select 1 from comparable_sales s
                      where s.designer_id = b.designer_id and s.category_id = c.id)
    limit 1`);
  await db.execute(
    sql`insert into designers (name) values ('Bench Unsold') on conflict do nothing`,
  );
  const [unsold] = await rowsOf<{ designer_id: number; category_id: number }>(sql`
    select d.id as designer_id, (select min(id) from categories) as category_id
    from designers d where d.name = 'Bench Unsold'`);
  if (!widest || !fallback || !unsold) throw new Error('the sales did not give the three bases');
  const itemFor = async (key: string, basis: { designer_id: number; category_id: number }) => {
    const [row] = await rowsOf<{ id: number }>(sql`
      insert into quotes (stylist_id, client_id, designer_id, category_id, name, status, bar_code)
      select ${stylist.stylistId}::int, min(id), ${basis.designer_id}::int, ${basis.category_id}::int,
             'Bench item to price', 'authenticated_no_offer', ${`BP-${key}`}
      from clients where stylist_id = ${stylist.stylistId}::int
      on conflict (bar_code) do update set name = excluded.name
      returning id`);
    return row!.id;
  };
  const items = {
    widest: await itemFor('widest', widest),
    fallback: await itemFor('fallback', fallback),
    unsold: await itemFor('unsold', unsold),
  };

  // The same figures from the sales as Atelier keeps them without comparable_sales: every sale's
  // commission and quote, and its history for the listing, through the indexes they have.
  const [joined] = await rowsOf<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(sql`
    explain (analyze, format json)
    select count(*), percentile_cont(0.5) within group (order by c.purchase_price_cents),
           percentile_cont(0.5) within group (order by extract(epoch from c.created_at - (
             select max(h.created_at) from quote_status_history h
             where h.quote_id = c.quote_id and h.to_status = 'converted')) / 86400)
             filter (where c.order_id is null)
    from commissions c join quotes q on q.id = c.quote_id
    where q.designer_id = ${fallback.designer_id}::int`);

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = {
    ...(await bearerFor(address, config.publicUrl, {
      email: PRICER_EMAIL,
      password: BENCH_PASSWORD,
    })),
    accept: API_ACCEPT,
  };
  const probe = async (quoteId: number) => {
    const response = await fetch(`${address}/api/office/items/${quoteId}/price-guidance`, {
      headers,
    });
    if (!response.ok) throw new Error(`${quoteId}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as PriceGuidanceDocument).data;
  };
  const found = {
    widest: await probe(items.widest),
    fallback: await probe(items.fallback),
    unsold: await probe(items.unsold),
  };
  const [facts] = await rowsOf<{ version: string; sales: number; commissions: number }>(sql`
    select current_setting('server_version') as version,
           (select count(*)::int from comparable_sales) as sales,
           (select count(*)::int from commissions) as commissions`);

  const scenarios = [
    { name: 'GET /health/live (the baseline)', path: '/health/live' },
    {
      name: `designer and category (${found.widest.sales} sales)`,
      path: `/api/office/items/${items.widest}/price-guidance`,
    },
    {
      name: `designer alone (${found.fallback.sales} sales)`,
      path: `/api/office/items/${items.fallback}/price-guidance`,
    },
    {
      name: `no sales (${found.unsold.sales})`,
      path: `/api/office/items/${items.unsold}/price-guidance`,
    },
  ];
  console.log(
    `\nPostgreSQL ${facts!.version}, ${facts!.commissions} commissions, ${facts!.sales} of them sales of quotes; ` +
      `${rounds} interleaved rounds of ${duration}s per scenario after ${warmup}s warm-up, ${connections} connections, ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `Without comparable_sales (joining commissions, quotes and history), the designer-alone figures took ` +
      `${joined!['QUERY PLAN'][0]['Execution Time'].toFixed(0)} ms in PostgreSQL alone, once.\n`,
  );
  outcome = await runRounds({ address, headers, scenarios, rounds, duration, warmup, connections });
} finally {
  await close();
}

printRounds(outcome.samples, TARGET_MS);
if (outcome.failed) {
  console.error('\nsome answers were not 2xx: the numbers above do not measure the guidance');
  process.exit(1);
}
