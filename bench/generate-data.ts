/**
 * Fills a database with STYLISTS stylists, each with CLIENTS_PER_STYLIST clients (and each
 * client's shop account), QUOTES_PER_CLIENT quotes and COMMISSIONS_PER_CLIENT commissions.
 * Rows are made by the database itself (insert … select … from generate_series), so 200k
 * clients take about a minute on 2 cores. Stylists go through createAccount, so they sign in
 * with stylistEmail(n) / BENCH_PASSWORD. A stylist that already has clients is left alone.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/generate-data.ts
 *   STYLISTS=2 CLIENTS_PER_STYLIST=100000 QUOTES_PER_CLIENT=2 COMMISSIONS_PER_CLIENT=1 (defaults)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { ROLES, type Auth } from '../apps/server/src/auth/auth.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db, Tx } from '../apps/server/src/db/client.ts';
import { clients, stylists, users } from '../apps/server/src/db/schema.ts';
import { CATALOGUE } from '../apps/server/src/db/seed/designers.ts';
import { createAccount } from '../apps/server/src/features/user-accounts/create-account.ts';

export const BENCH_PASSWORD = 'bench-stylist-password';
export const stylistEmail = (n: number) => `bench-stylist-${n}@atelier.test`;

/** Only makes the secret check pass: password hashes and the data do not depend on it. */
export const BENCH_AUTH_SECRET = 'bench-auth-secret-that-is-long-enough-0123456789';

export interface GenerateOptions {
  auth: Auth;
  stylists: number;
  clientsPerStylist: number;
  quotesPerClient: number;
  commissionsPerClient: number;
  /** Clients per insert statement; only changes how often progress is reported. */
  batchSize?: number;
  log?: (line: string) => void;
}

export interface GeneratedStylist {
  number: number;
  email: string;
  stylistId: number;
  clients: number;
  /** False when the stylist already had clients and was left as it was. */
  generated: boolean;
}

const count = (value: string | undefined, fallback: number, name: string) => {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
};

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    stylists: Math.max(1, count(env.STYLISTS, 2, 'STYLISTS')),
    clientsPerStylist: count(env.CLIENTS_PER_STYLIST, 100_000, 'CLIENTS_PER_STYLIST'),
    quotesPerClient: count(env.QUOTES_PER_CLIENT, 2, 'QUOTES_PER_CLIENT'),
    commissionsPerClient: count(env.COMMISSIONS_PER_CLIENT, 1, 'COMMISSIONS_PER_CLIENT'),
  };
}

/* Names are picked by a hash of the client's number, so every name occurs about equally often. */
const FIRST_NAMES = `
  Olivia Sofia Amelia Charlotte Isabella Mia Evelyn Harper Camila Gianna Abigail Luna Ella
  Elizabeth Emily Avery Mila Scarlett Eleanor Madison Layla Penelope Aria Chloe Grace
  Ellie Nora Hazel Zoey Riley Victoria Lily Aurora Violet Nova Hannah Emilia Zoe Stella
  Everly Isla Leah Lillian Addison Willow Lucy Paisley Natalie Naomi Eliana Brooklyn Elena
  Aubrey Claire Ivy Kinsley Audrey Maya Genesis Skylar Bella Aaliyah Madelyn Savannah Anna
  Delilah Serenity Caroline Kennedy Valentina Ruby Sophie Alice Gabriella Sadie Ariana
  Allison Hailey Autumn Nevaeh Natalia Quinn Josephine Sarah Cora Emery Samantha Piper
  Leilani Eva Everleigh Madeline Lydia Jade Peyton Brielle Adeline Vivian Rylee Clara
  Raelynn Melanie Melody Julia Athena Maria Liliana James Henry Alexander Sebastian Julian
  Theodore Oliver Daniel Marcus Adrian
`
  .trim()
  .split(/\s+/);
const LAST_NAMES = `
  Bennett Martinez Nguyen Okafor Whitfield Castellano Ramirez Kowalski Haddad Lindqvist
  Moreau Takahashi Fitzgerald Abernathy Delacroix Oyelaran Vasquez Brennan Sorensen Patel
  Chen Goldberg Rossi Fontaine Mbeki Yamamoto Sullivan Hernandez Kim Lambert Novak Ibrahim
  Ferreira Larsen Schneider Dubois Kaplan Andersson Romano Petrov Duarte Hoffman Adeyemi
  Carrington Delgado Ellison Forsythe Gallagher Hawthorne Iverson Jensen Kingsley Lockwood
  Mercer Navarro Osborne Prescott Quintero Rutherford Sinclair Thornton Underwood Valdez
  Whitaker Xavier Yates Zimmerman Ashford Blackwell Calloway Donovan Everett Fairbanks
  Grayson Holloway Ingram Jamison Kensington Langley Montgomery Northcott Okonkwo
  Pemberton Radcliffe Stanhope Tremblay Vance Wakefield Ashworth Beaumont Chandler Dalton
  Easton Fletcher Garrison Harrington Islington Jarrett Keating Lancaster Marchetti
  Nakamura Oduya Pellegrini Quiroga Rinaldi Santoro Tanaka Ulrich Villanueva Wexler Yilmaz
  Zamora Bellamy Cavendish Devereaux Esposito Falcone Giordano Halloran Ishikawa Jablonski
  Kuznetsov Lorenzo Mancini Nilsson Oliveira Pacheco Quigley Rosenthal Salazar Townsend
  Ueda Vargas Winslow Young Zhang Abbott Barlow Crawford Drummond Ellsworth Finch Gresham
  Hargrove Ivanova Jovanovic Kerrigan
`
  .trim()
  .split(/\s+/);
const STREETS = `
  Greene St,Madison Ave,Ocean Dr,Michigan Ave,Sunset Blvd,Newbury St,Pine St,Peachtree St,
  Market St,Main St,Oak Ave,Maple Dr,Elm St,Park Pl,Lake Shore Dr,Beacon St,Rodeo Dr,
  Collins Ave,Congress Ave,Larimer St,
`
  .split(',')
  .map((street) => street.trim())
  .filter(Boolean);
/** [city, state, first three ZIP digits, area code] */
const CITIES: readonly (readonly [string, string, string, string])[] = [
  ['New York', 'NY', '100', '212'],
  ['Brooklyn', 'NY', '112', '718'],
  ['Los Angeles', 'CA', '900', '310'],
  ['San Francisco', 'CA', '941', '415'],
  ['Chicago', 'IL', '606', '312'],
  ['Miami Beach', 'FL', '331', '305'],
  ['Boston', 'MA', '021', '617'],
  ['Seattle', 'WA', '981', '206'],
  ['Austin', 'TX', '787', '512'],
  ['Dallas', 'TX', '752', '214'],
  ['Atlanta', 'GA', '303', '404'],
  ['Denver', 'CO', '802', '303'],
  ['Nashville', 'TN', '372', '615'],
  ['Las Vegas', 'NV', '891', '702'],
  ['Scottsdale', 'AZ', '852', '480'],
  ['Philadelphia', 'PA', '191', '215'],
  ['Washington', 'DC', '200', '202'],
  ['Portland', 'OR', '972', '503'],
  ['Minneapolis', 'MN', '554', '612'],
  ['Charleston', 'SC', '294', '843'],
  ['New Orleans', 'LA', '701', '504'],
  ['Greenwich', 'CT', '068', '203'],
  ['Palm Beach', 'FL', '334', '561'],
  ['Houston', 'TX', '770', '713'],
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.test'];

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${json(values)}))`;
/** 0 ≤ result < n, spread evenly over the client's global number g (hashint4 is PostgreSQL's own). */
const pick = (salt: number, n: number) =>
  sql.raw(`((hashint4((g * 7 + ${salt})::int)::bigint + 2147483648) % ${n})::int`);

/** Runs SQL: the database or the open transaction. */
type Sql = Pick<Db | Tx, 'execute'>;

/**
 * Clients [from, to] of stylist `number`, each with their shop account, in one statement.
 * g, the client's number over all stylists, spreads names and places; (number, i) keeps emails unique.
 */
async function insertClients(
  db: Sql,
  stylist: { id: number; number: number; offset: number },
  from: number,
  to: number,
) {
  await db.execute(sql`
    with lists as (
      select ${textArray(FIRST_NAMES)} as first_names,
             ${textArray(LAST_NAMES)} as last_names,
             ${textArray(STREETS)} as streets,
             ${textArray(CITIES.map((c) => c.join('|')))} as cities,
             ${textArray(EMAIL_DOMAINS)} as domains
    ),
    picked as (
      select i, g,
             first_names[1 + ${pick(1, FIRST_NAMES.length)}] as first_name,
             last_names[1 + ${pick(2, LAST_NAMES.length)}] as last_name,
             streets[1 + ${pick(3, STREETS.length)}] as street,
             string_to_array(cities[1 + ${pick(4, CITIES.length)}], '|') as city,
             domains[1 + g % ${EMAIL_DOMAINS.length}] as domain,
             now() - make_interval(days => (g * 13) % 1460, secs => ((g::bigint * 7919) % 86400)::int) as created_at
      from generate_series(${from}::int, ${to}::int) as i,
           lateral (select i + ${stylist.offset}::int as g) as numbered, lists
    ),
    rows as materialized (
      select g, first_name, last_name, street, city, created_at,
             md5('atelier-bench-client:' || ${stylist.number}::int || ':' || i)::uuid::text as user_id,
             lower(first_name || '.' || last_name || '.' || ${stylist.number}::int || '.' || i || '@' || domain) as email
      from picked
    ),
    shop_accounts as (
      insert into users (id, name, email, email_verified, role, created_at, updated_at)
      select user_id, first_name || ' ' || last_name, email, false, ${ROLES.user}, created_at, created_at
      from rows
    )
    insert into clients (stylist_id, user_id, first_name, last_name, email, phone, address, city,
                         state, postal_code, payment_method, created_at, updated_at)
    select ${stylist.id}::int, user_id, first_name, last_name, email,
           '(' || city[4] || ') 555-' || lpad((g % 10000)::text, 4, '0'),
           (100 + g % 9800)::text || ' ' || street || case when g % 3 = 0 then ', Apt ' || (1 + g % 40)::text || chr(65 + g % 6) else '' end,
           city[1], city[2], city[3] || lpad((g % 100)::text, 2, '0'),
           (array['check', 'paypal', null])[1 + g % 3]::payment_method,
           created_at, created_at
    from rows
  `);
}

/** The catalogue's designers and categories, added if missing (the demo seed adds the same names). */
async function ensureDirectory(db: Sql) {
  const designerNames = [...new Set(CATALOGUE.map((item) => item.designer))];
  const categoryNames = [...new Set(CATALOGUE.map((item) => item.category))];
  await db.execute(sql`
    insert into designers (name) select jsonb_array_elements_text(${json(designerNames)})
    on conflict (name) do nothing`);
  await db.execute(sql`
    insert into categories (name) select jsonb_array_elements_text(${json(categoryNames)})
    on conflict (name) do nothing`);
}

/** The catalogue as a numbered row set `items(k, designer_id, category_id, designer, name, cents)`. */
const catalogueItems = () => {
  const rows = CATALOGUE.map((item) => ({
    designer: item.designer,
    category: item.category,
    name: item.name,
    cents: item.valueCents,
  }));
  return sql`
    items as (
      select (x.k - 1)::int as k, d.id as designer_id, c.id as category_id, x.designer, x.name, x.cents
      from rows from (jsonb_to_recordset(${json(rows)}) as (designer text, category text, name text, cents int))
             with ordinality as x(designer, category, name, cents, k)
      join designers d on d.name = x.designer
      join categories c on c.name = x.category
    )`;
};

async function insertQuotes(db: Sql, stylistId: number, perClient: number) {
  if (perClient === 0) return;
  await db.execute(sql`
    with ${catalogueItems()},
    statuses as (select enum_range(null::quote_status) as all_statuses),
    planned as (
      select cl.id as client_id, cl.created_at, q,
             all_statuses[1 + (cl.id * 5 + q * 3) % cardinality(all_statuses)] as status
      from clients cl, generate_series(1, ${perClient}::int) as q, statuses
      where cl.stylist_id = ${stylistId}::int
    )
    insert into quotes (stylist_id, client_id, designer_id, category_id, name, description, status,
                        is_approved, accepted_offer_type, bar_code, created_at, updated_at,
                        stage_entered_at)
    select ${stylistId}::int, p.client_id, i.designer_id, i.category_id, i.name, '', p.status,
           p.status in ('offer_accepted', 'in_transit', 'received', 'converted', 'sold'),
           case when p.status in ('offer_accepted', 'in_transit', 'received', 'converted', 'sold')
                then (array['consignment', 'buyout'])[1 + p.client_id % 2]::accepted_offer_type
                when p.status = 'rejected' then 'rejected'::accepted_offer_type end,
           'BN' || lpad(p.client_id::text, 9, '0') || '-' || p.q,
           least(now(), p.created_at + make_interval(days => 3 * p.q)),
           least(now(), p.created_at + make_interval(days => 3 * p.q + 2)),
           least(now(), p.created_at + make_interval(days => 3 * p.q + 2))
    from planned p
    join items i on i.k = (p.client_id * 7 + p.q * 13) % ${CATALOGUE.length}
  `);
}

async function insertCommissions(db: Sql, stylistId: number, perClient: number) {
  if (perClient === 0) return;
  await db.execute(sql`
    with ${catalogueItems()},
    planned as (
      select cl.id as client_id, k,
             least(now(), cl.created_at + make_interval(days => 20 * k)) as sold_at
      from clients cl, generate_series(1, ${perClient}::int) as k
      where cl.stylist_id = ${stylistId}::int
    )
    insert into commissions (stylist_id, client_id, product_id, product_name, brand,
                             title_without_brand, amount_cents, purchase_price_cents, order_id,
                             created_at, paid_at)
    select ${stylistId}::int, p.client_id, 'bench-' || p.client_id || '-' || p.k,
           i.designer || ' ' || i.name, i.designer, i.name,
           i.cents / 10, i.cents, '#' || (100000 + p.client_id * 10 + p.k)::text,
           p.sold_at,
           case when (p.client_id + p.k) % 4 = 0 then null
                else least(now(), p.sold_at + interval '30 days') end
    from planned p
    join items i on i.k = (p.client_id * 11 + p.k * 17) % ${CATALOGUE.length}
  `);
}

async function findStylist(db: Db, email: string) {
  const [row] = await db
    .select({ stylistId: stylists.id })
    .from(stylists)
    .innerJoin(users, eq(users.id, stylists.userId))
    .where(eq(users.email, email));
  if (!row) return null;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.stylistId, row.stylistId));
  return { stylistId: row.stylistId, clients: counted!.n };
}

export async function generateData(db: Db, options: GenerateOptions): Promise<GeneratedStylist[]> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 25_000;
  await ensureDirectory(db);
  const result: GeneratedStylist[] = [];
  for (let number = 1; number <= options.stylists; number += 1) {
    const email = stylistEmail(number);
    let found = await findStylist(db, email);
    if (found && found.clients > 0) {
      log(`${email}: already has ${found.clients} clients, left as it is`);
      result.push({ number, email, ...found, generated: false });
      continue;
    }
    if (!found) {
      const created = await createAccount(db, options.auth, {
        email,
        password: BENCH_PASSWORD,
        firstName: 'Bench',
        lastName: `Stylist ${number}`,
        role: ROLES.stylist,
      });
      found = { stylistId: created.stylistId!, clients: 0 };
    }
    const { stylistId } = found;
    const started = performance.now();
    // One transaction per stylist: a failure leaves the stylist without clients, and a rerun fills it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      const stylist = { id: stylistId, number, offset: (number - 1) * options.clientsPerStylist };
      for (let from = 1; from <= options.clientsPerStylist; from += batchSize) {
        const to = Math.min(options.clientsPerStylist, from + batchSize - 1);
        await insertClients(tx, stylist, from, to);
        log(`${email}: clients ${to}/${options.clientsPerStylist}`);
      }
      await insertQuotes(tx, stylistId, options.quotesPerClient);
      log(`${email}: ${options.quotesPerClient} quotes per client`);
      await insertCommissions(tx, stylistId, options.commissionsPerClient);
      log(`${email}: ${options.commissionsPerClient} commissions per client`);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`${email}: done in ${seconds} s`);
    result.push({
      number,
      email,
      stylistId,
      clients: options.clientsPerStylist,
      generated: true,
    });
  }
  if (result.some((stylist) => stylist.generated)) {
    const started = performance.now();
    // VACUUM as well as ANALYZE: it sets the visibility map, as autovacuum soon would, so the
    // measurements neither race autovacuum nor pay heap fetches a settled database does not.
    await db.execute(sql`vacuum (analyze)`);
    log(`vacuum and analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return result;
}

async function main() {
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
    console.error(
      'Set DATABASE_URL (PostgreSQL) or DATA_DIR (an embedded PGlite directory) to say which database to fill.\n' +
        'A throwaway PostgreSQL 15:\n' +
        "  pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/generate-data.ts'",
    );
    process.exit(1);
  }
  const options = optionsFromEnv();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-generate-'));
  const config = loadConfig({
    AUTH_SECRET: BENCH_AUTH_SECRET,
    ...process.env,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
  });
  const app = await buildApp(config, { logger: false });
  try {
    const started = performance.now();
    console.log(
      `generating ${options.stylists} stylists × ${options.clientsPerStylist} clients ` +
        `(${options.quotesPerClient} quotes, ${options.commissionsPerClient} commissions each) on ${app.database.kind}`,
    );
    const made = await generateData(app.database.db, {
      ...options,
      auth: app.auth,
      log: (line) => console.log(`  ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`done in ${seconds} s; sign in as ${made[0]!.email} / ${BENCH_PASSWORD}`);
  } finally {
    await app.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A status history for every generated quote, once: the steps of the life cycle up to its
 * status, the first in the past year, each 8 to 47 hours after the last, the office's steps taken
 * by the bench's lead.
 */
export async function generateStatusHistory(
  db: Db,
  officeUserId: string,
  log: (line: string) => void = () => {},
) {
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from quote_status_history`)) as unknown as {
      rows: [{ n: number }];
    }
  ).rows;
  if (n > 0) return;
  const main = [
    'pending_authentication',
    'authentication_in_progress',
    'authenticated_no_offer',
    'authenticated_with_offer',
    'offer_accepted',
    'in_transit',
    'received',
    'converted',
    'sold',
  ];
  const upTo = (k: number, ...then: string[]) =>
    `array[${[...main.slice(0, k + 1), ...then].map((s) => `'${s}'`).join(', ')}]`;
  const paths = [
    ...main.map((status, k) => `when '${status}' then ${upTo(k)}`),
    `when 'fake' then ${upTo(1, 'fake')}`,
    `when 'needs_more_info' then ${upTo(1, 'needs_more_info')}`,
    `when 'offer_pending' then ${upTo(3, 'offer_pending')}`,
    `when 'rejected' then ${upTo(3, 'rejected')}`,
  ].join(' ');
  const started = Date.now();
  await db.execute(sql`
    insert into quote_status_history (quote_id, from_status, to_status, actor_kind, actor_user_id, created_at)
    select p.id,
           case when s.k > 1 then p.steps[s.k - 1]::quote_status end,
           p.steps[s.k]::quote_status,
           case when s.k = 1 then 'stylist' else 'admin' end,
           case when s.k > 1 then ${officeUserId} end,
           least(now(), now() - interval '365 days' * ((p.id * 7919) % 1000) / 1000.0
             + interval '1 hour' * (s.k - 1) * (8 + (p.id * 31 + s.k * 17) % 40))
    from (
      select q.id, case q.status::text ${sql.raw(paths)} else ${sql.raw(upTo(0))} end as steps
      from quotes q
    ) p
    cross join lateral generate_series(1, cardinality(p.steps)) as s(k)`);
  await db.execute(sql`analyze quote_status_history`);
  log(`status history generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
