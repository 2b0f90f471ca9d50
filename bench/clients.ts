/**
 * The clients list at scale (100k clients per stylist by default) on PostgreSQL: page 1, a deep
 * page, an indexed search (3+ characters) and a 1-character search, as ratios to /health/live,
 * all in one run so the machine's speed cancels out. The data is generated on the first run
 * (bench/generate-data.ts) and reused by later runs on the same database.
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/clients.ts'
 *
 * Knobs: DURATION (s per scenario, 5), CONNECTIONS (10), WARMUP (s per scenario, 1), SEARCH
 * (the 3+ character term, "whitfield"), SHORT_SEARCH ("a"), and generate-data.ts's STYLISTS,
 * CLIENTS_PER_STYLIST, QUOTES_PER_CLIENT, COMMISSIONS_PER_CLIENT.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { API_ACCEPT, type ClientListDocument } from '../packages/contract/src/index.ts';
import { BENCH_PASSWORD, generateData, optionsFromEnv, stylistEmail } from './generate-data.ts';
import { buildBenchApp, requirePostgres } from './bench-app.ts';
import { bearerFor } from './sign-in.ts';

requirePostgres('bench/clients.ts');

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const warmup = Number(process.env.WARMUP ?? 1);
const searchTerm = process.env.SEARCH ?? 'whitfield';
const shortSearchTerm = process.env.SHORT_SEARCH ?? 'a';
const generate = optionsFromEnv();

const { app, config, close } = await buildBenchApp();

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}
const results: Row[] = [];
let failed = false;

try {
  const started = performance.now();
  const stylists = await generateData(app.database.db, {
    ...generate,
    auth: app.auth,
    log: (line) => console.log(`  ${line}`),
  });
  const generatedAny = stylists.some((stylist) => stylist.generated);
  const generation = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    generatedAny
      ? `generated data in ${generation} s`
      : `reusing data generated earlier (${generation} s to check)`,
  );

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = {
    ...(await bearerFor(address, config.publicUrl, {
      email: stylistEmail(1),
      password: BENCH_PASSWORD,
    })),
    accept: API_ACCEPT,
  };

  /** One answer read in full, so the table can say how many clients each scenario matches. */
  const probe = async (query: string) => {
    const response = await fetch(`${address}/api/stylist/clients?${query}`, { headers });
    if (!response.ok) {
      throw new Error(
        `GET /api/stylist/clients?${query}: ${response.status} ${await response.text()}`,
      );
    }
    const body = (await response.json()) as ClientListDocument;
    return { ...body.meta.pagination, rows: body.data.length };
  };

  const first = await probe('page=1');
  const deepPage = Math.max(1, first.total_pages - 1);
  const deep = await probe(`page=${deepPage}`);
  const search = await probe(`page=1&search=${encodeURIComponent(searchTerm)}`);
  const short = await probe(`page=1&search=${encodeURIComponent(shortSearchTerm)}`);
  // Both drivers answer raw SQL with { rows }; the shared Db type leaves the answer unknown.
  const facts = (await app.database.db.execute(
    sql`select current_setting('server_version') as version, (select count(*)::int from clients) as clients`,
  )) as unknown as { rows: [{ version: string; clients: number }] };
  const { version, clients } = facts.rows[0];

  const matched = (p: { total: number; rows: number }) => `${p.total} matched, ${p.rows} rows`;
  const scenarios = [
    { name: 'GET /health/live (no work: the baseline)', path: '/health/live', note: '' },
    { name: 'GET clients?page=1', path: '/api/stylist/clients?page=1', note: matched(first) },
    {
      name: `GET clients?page=${deepPage} (of ${first.total_pages})`,
      path: `/api/stylist/clients?page=${deepPage}`,
      note: matched(deep),
    },
    {
      name: `GET clients?page=1&search=${searchTerm}`,
      path: `/api/stylist/clients?page=1&search=${encodeURIComponent(searchTerm)}`,
      note: matched(search),
    },
    {
      name: `GET clients?page=1&search=${shortSearchTerm}`,
      path: `/api/stylist/clients?page=1&search=${encodeURIComponent(shortSearchTerm)}`,
      note: matched(short),
    },
  ];

  console.log(
    `\nPostgreSQL ${version}, ${clients} clients (${stylists.length} stylists), ` +
      `${duration}s per scenario after ${warmup}s warm-up, ${connections} connections, ${os.cpus().length} cores\n`,
  );
  for (const scenario of scenarios) {
    const run = (seconds: number) =>
      autocannon({
        url: `${address}${scenario.path}`,
        headers: scenario.path.startsWith('/api/') ? headers : {},
        connections,
        duration: seconds,
      });
    if (warmup > 0) await run(warmup);
    const result = await run(duration);
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0) {
      failed = true;
      console.error(
        `${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    }
    results.push({
      name: scenario.note ? `${scenario.name} [${scenario.note}]` : scenario.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
    });
  }
} finally {
  await close();
}

if (results.length > 0) {
  const baseline = results[0]!.rps;
  const width = Math.max(...results.map((row) => row.name.length));
  console.log(`${'scenario'.padEnd(width)}   req/s   p50 ms   p99 ms   ratio`);
  for (const row of results) {
    console.log(
      `${row.name.padEnd(width)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${(row.rps / baseline).toFixed(3).padStart(7)}`,
    );
  }
}
if (failed) {
  console.error('\nsome answers were not 2xx: the numbers above do not measure the list');
  process.exit(1);
}
