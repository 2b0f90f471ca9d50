/**
 * Each stylist call against its physical limit, on PostgreSQL: Atelier's compiled server and a
 * bare `node:http` + `pg` server (bench/limit-server.mjs, a pool of the same size) that runs
 * exactly the SQL Atelier ran for that call and answers JSON of the same shape and size. The SQL
 * is captured, not retyped: the statement log is switched on for the cluster (ALTER SYSTEM
 * log_statement = 'all', then reloaded), one request is sent, and the statements its connections
 * ran are read back from the log with their parameters; the log is switched off again before
 * anything is measured. Both servers are then measured with autocannon in interleaved rounds.
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/limit.ts'
 *
 * Knobs: ROUNDS (3), DURATION (s per call, server and round, 10), CONNECTIONS (10), WARMUP (s per
 * call and server before the rounds, 1), DATABASE_POOL_MAX (both pools, 10), SEARCH (the 3+
 * character term, "whitfield"), SHORT_SEARCH (the 1-2 character term, "a"), TIME_LIMIT_MINUTES
 * (the whole run, 60), PG_LOG_FILE (the cluster's log, found with pg_lsclusters by default),
 * SPEC_OUT (a file to keep the captured SQL and answers in), LOG_LEVEL (Atelier's, warn), SIZES
 * (clients per stylist, comma-separated: each size in its own database on the cluster,
 * atelier_limit_<stylists>x<size>, then a table of how each call holds as data grows), and
 * generate-data.ts's STYLISTS, CLIENTS_PER_STYLIST, QUOTES_PER_CLIENT, COMMISSIONS_PER_CLIENT.
 * PROFILE=1 records a V8 CPU profile of Atelier's server over each size's run and prints where its
 * thread spent the time (by owner, and the busiest functions); PROFILE_OUT=file keeps each as
 * file.<size>.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort, spawnServer, waitForReady } from '../apps/server/src/test/processes.ts';
import { API_ACCEPT } from '../packages/contract/src/index.ts';
import {
  BENCH_AUTH_SECRET,
  BENCH_PASSWORD,
  generateData,
  optionsFromEnv,
  stylistEmail,
} from './generate-data.ts';
import { printProfile } from './cpu-profile.ts';
import { cpuMs } from './process-cpu.ts';
import { bearerFor } from './sign-in.ts';
import { stylistCalls, type StylistCall } from './stylist-calls.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error(
    'bench/limit.ts needs PostgreSQL (a superuser: it switches the statement log on and off): set DATABASE_URL=postgres://…\n' +
      'A throwaway PostgreSQL 15 for one run:\n' +
      "  pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx bench/limit.ts'",
  );
  process.exit(1);
}

const knob = (name: string, fallback: number, max: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0 && value <= max)) throw new Error(`${name} must be in (0, ${max}], got ${value}`);
  return value;
};
const rounds = Math.round(knob('ROUNDS', 3, 20));
const duration = Math.round(knob('DURATION', 10, 120));
const connections = Math.round(knob('CONNECTIONS', 10, 100));
const warmup = Number(process.env.WARMUP ?? 1);
const poolMax = String(Math.round(knob('DATABASE_POOL_MAX', 10, 200)));
const timeLimitMinutes = knob('TIME_LIMIT_MINUTES', 60, 24 * 60);
const searchTerm = process.env.SEARCH ?? 'whitfield';
const shortSearchTerm = process.env.SHORT_SEARCH ?? 'a';
/** SIZES: clients per stylist, comma-separated, each measured in its own database; else CLIENTS_PER_STYLIST. */
const sizes = (process.env.SIZES ?? String(optionsFromEnv().clientsPerStylist))
  .split(',')
  .map((size) => Number(size.trim()))
  .sort((a, b) => a - b);
if (sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000))
  throw new Error(`SIZES must be whole numbers of clients per stylist, got ${process.env.SIZES}`);
const repoRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(repoRoot, 'apps/server/dist/server.js');
const limitServer = path.join(import.meta.dirname, 'limit-server.mjs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-limit-'));
const isProfiled = process.env.PROFILE === '1';
/** Where Atelier's server writes its CPU profile of one size's run (PROFILE=1). */
const profileDirFor = (clientsPerStylist: number) =>
  path.join(scratch, `profile-${clientsPerStylist}`);
/** The servers of the size being measured, stopped if the run overruns its time. */
let running: ReturnType<typeof spawnServer>[] = [];

// The whole run is bounded: past the limit the servers are stopped and the run fails.
setTimeout(() => {
  console.error(`bench/limit.ts: still running after ${timeLimitMinutes} min, stopping`);
  for (const child of running) child.child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
  process.exit(2);
}, timeLimitMinutes * 60_000).unref();

/* ---------------------------------------------------------------- the data */

async function generate(url: string, clientsPerStylist: number) {
  const config = loadConfig({
    AUTH_SECRET: BENCH_AUTH_SECRET,
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: scratch,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    LOG_LEVEL: 'warn',
    PORT: '0',
  });
  const app = await buildApp(config, { logger: false });
  try {
    const started = performance.now();
    const stylists = await generateData(app.database.db, {
      ...optionsFromEnv(),
      clientsPerStylist,
      auth: app.auth,
      log: (line) => console.log(`  ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`data ready in ${seconds} s`);
    return stylists;
  } finally {
    await app.close();
  }
}

/* ------------------------------------------------------ the statement log */

interface Statement {
  pid: number;
  /** A named prepared statement's name (Atelier's hot statements), so the limit prepares it too. */
  name?: string;
  text: string;
  values: (string | null)[];
}

/** The cluster's log file: PG_LOG_FILE, or the one pg_lsclusters lists for the port of DATABASE_URL. */
function logFile(port: string): string {
  if (process.env.PG_LOG_FILE) return process.env.PG_LOG_FILE;
  const listing = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  for (const line of listing.split('\n')) {
    const fields = line.trim().split(/\s+/);
    // Ver Cluster Port Status Owner Data-directory Log-file
    if (fields[2] === port && fields[6]) return fields[6];
  }
  throw new Error(`no cluster on port ${port} in pg_lsclusters; set PG_LOG_FILE to its log file`);
}

const PREFIX = 'atelier-limit[%p] ';
const ENTRY = /^atelier-limit\[(\d+)\] ([A-Z]+):\s+(.*)$/;
const PARAMETER = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;

/**
 * The statements in a piece of the log, in the order the backends received them: simple queries
 * ("statement: …") and executed extended-protocol ones ("execute <name>: …", their parameters in
 * the DETAIL line that follows).
 */
function parseLog(text: string, exclude: number): Statement[] {
  const entries: { pid: number; level: string; message: string }[] = [];
  for (const line of text.split('\n')) {
    const match = ENTRY.exec(line);
    if (match) entries.push({ pid: Number(match[1]), level: match[2]!, message: match[3]! });
    else if (line.startsWith('\t') && entries.length > 0)
      entries.at(-1)!.message += `\n${line.slice(1)}`;
  }
  const statements: Statement[] = [];
  const last = new Map<number, Statement>();
  for (const { pid, level, message } of entries) {
    if (pid === exclude) continue;
    const simple = /^statement: ([\s\S]*)$/.exec(message);
    const executed = /^execute ([^:]*): ([\s\S]*)$/.exec(message);
    if (level === 'LOG' && (simple || executed)) {
      const text = simple ? simple[1]! : executed![2]!;
      const name = executed && executed[1] !== '<unnamed>' ? executed[1] : undefined;
      const statement: Statement = { pid, ...(name && { name }), text, values: [] };
      statements.push(statement);
      last.set(pid, statement);
    } else if (level === 'DETAIL' && message.startsWith('parameters: ') && last.has(pid)) {
      const values: (string | null)[] = [];
      for (const parameter of message.matchAll(PARAMETER)) {
        values[Number(parameter[1]) - 1] =
          parameter[2] === 'NULL' ? null : parameter[3]!.replaceAll("''", "'");
      }
      last.get(pid)!.values = values;
    }
  }
  return statements;
}

/**
 * Statements Atelier ran side by side went out on different pooled connections; one it ran after
 * another reuses a connection just released (pg's pool hands out its most recently idle one). So
 * a wave, run side by side by the limit, ends where a connection already in it comes back. (Time
 * in the log cannot tell: the first of two statements sent together often ends before the second
 * begins.)
 */
function waves(statements: Statement[]): Omit<Statement, 'pid'>[][] {
  const result: Omit<Statement, 'pid'>[][] = [];
  let pids = new Set<number>();
  for (const { pid, ...statement } of statements) {
    if (result.length === 0 || pids.has(pid)) {
      result.push([]);
      pids = new Set();
    }
    pids.add(pid);
    result.at(-1)!.push(statement);
  }
  return result;
}

/* ----------------------------------------------------------------- the run */

type Call = StylistCall;
interface Captured {
  statements: Statement[];
  contentType: string;
  body: string;
}
interface Measured {
  call: Call;
  captured: Captured;
  atelier: number[];
  limit: number[];
  /** Each round's 99th percentile latency, ms. */
  atelierP99: number[];
  limitP99: number[];
  /** Each server's own CPU time per request, in µs (user + system, from /proc). */
  atelierCpu: number[];
  limitCpu: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

let failed = false;

/** Generates the data of one size in the database `url` names, then measures every call on it. */
async function measureAt(url: string, clientsPerStylist: number) {
  const stylists = await generate(url, clientsPerStylist);
  const control = new pg.Client({ connectionString: url });
  await control.connect();
  const measured: Measured[] = [];
  const children: ReturnType<typeof spawnServer>[] = [];
  running = children;
  try {
    const controlPid = (await control.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows[0]!.pid;
    const { version, clients } = (
      await control.query<{ version: string; clients: number }>(
        "select current_setting('server_version') as version, (select count(*)::int from clients) as clients",
      )
    ).rows[0]!;
    const log = logFile(String(control.port));

    const atelierPort = await freePort();
    const profileFlags = isProfiled
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDirFor(clientsPerStylist)}`]
      : [];
    const atelier = spawnServer(
      [...profileFlags, bundle],
      {
        AUTH_SECRET: BENCH_AUTH_SECRET,
        JWT_TTL_SECONDS: '86400',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        DATABASE_URL: url,
        DATABASE_POOL_MAX: poolMax,
        PORT: String(atelierPort),
        DATA_DIR: scratch,
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
      },
      repoRoot,
    );
    children.push(atelier);
    await waitForReady(atelierPort, atelier.child);
    const atelierAddress = `http://127.0.0.1:${atelierPort}`;
    const headers = {
      ...(await bearerFor(atelierAddress, `http://localhost:${atelierPort}`, {
        email: stylistEmail(1),
        password: BENCH_PASSWORD,
      })),
      accept: API_ACCEPT,
    };
    const get = async (url: string) => {
      const response = await fetch(`${atelierAddress}${url}`, { headers });
      const body = await response.text();
      if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body}`);
      return { contentType: response.headers.get('content-type') ?? 'application/json', body };
    };

    const page = JSON.parse((await get('/api/stylist/clients?page=1')).body) as {
      data: { id: number | string }[];
    };
    const clientId = page.data[0]!.id;
    const calls = stylistCalls({ clientId, search: searchTerm, shortSearch: shortSearchTerm });

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const setLog = async (on: boolean) => {
      if (on) {
        await control.query("alter system set log_statement = 'all'");
        await control.query(`alter system set log_line_prefix = '${PREFIX}'`);
      } else {
        await control.query('alter system reset log_statement');
        await control.query('alter system reset log_line_prefix');
      }
      await control.query('select pg_reload_conf()');
      // Each backend rereads the configuration before its next command; give the signal time.
      await sleep(300);
    };
    /** One request, and the statements every connection but ours ran while it was answered. */
    const capture = async (url: string): Promise<Captured> => {
      const from = fs.statSync(log).size;
      const answer = await get(url);
      await sleep(100);
      const handle = fs.openSync(log, 'r');
      const length = fs.statSync(log).size - from;
      const buffer = Buffer.alloc(length);
      fs.readSync(handle, buffer, 0, length, from);
      fs.closeSync(handle);
      return { ...answer, statements: parseLog(buffer.toString('utf8'), controlPid) };
    };

    const routes: Record<string, object> = {};
    await setLog(true);
    try {
      for (const call of calls) {
        await get(call.url);
        // Background work (the outbox's poll) can run during a request: a capture is kept once two
        // requests in a row ran the same statements (in any order: side by side ones race).
        const texts = (c: Captured) =>
          c.statements
            .map((s) => s.text)
            .sort()
            .join('\n;\n');
        let second = await capture(call.url);
        for (let attempt = 0; attempt < 5; attempt++) {
          const first = second;
          second = await capture(call.url);
          if (texts(first) === texts(second)) break;
          if (attempt === 4)
            throw new Error(`${call.name}: no two requests in a row ran the same SQL`);
        }
        if (second.statements.length === 0)
          throw new Error(`${call.name}: no SQL captured from ${log}`);
        const planned = waves(second.statements);
        routes[call.url] = {
          waves: planned,
          transaction: second.statements.some((s) =>
            /^\s*(begin|start transaction)\b/i.test(s.text),
          ),
          contentType: second.contentType,
          body: second.body,
        };
        measured.push({
          call,
          captured: second,
          atelier: [],
          limit: [],
          atelierP99: [],
          limitP99: [],
          atelierCpu: [],
          limitCpu: [],
        });
      }
    } finally {
      await setLog(false);
    }
    const spec = path.join(scratch, 'limit-spec.json');
    fs.writeFileSync(spec, JSON.stringify({ routes }));
    if (process.env.SPEC_OUT)
      fs.copyFileSync(
        spec,
        sizes.length > 1 ? `${process.env.SPEC_OUT}.${clientsPerStylist}` : process.env.SPEC_OUT,
      );

    const limitPort = await freePort();
    const limit = spawnServer(
      [limitServer],
      { SPEC: spec, DATABASE_URL: url, DATABASE_POOL_MAX: poolMax, PORT: String(limitPort) },
      repoRoot,
    );
    children.push(limit);
    await waitForReady(limitPort, limit.child);
    const limitAddress = `http://127.0.0.1:${limitPort}`;

    console.log(`\nSQL captured per call (a wave's statements run side by side):`);
    for (const { call, captured } of measured) {
      const answer = await fetch(`${limitAddress}${call.url}`, { headers });
      const body = await answer.text();
      if (!answer.ok) throw new Error(`limit ${call.url}: ${answer.status} ${body}`);
      const shape = routes[call.url] as { waves: unknown[][] };
      console.log(
        `  ${call.name}: ${captured.statements.length} statements in waves of ${shape.waves.map((w) => w.length).join(' + ')}; ` +
          `${Buffer.byteLength(captured.body)} bytes from Atelier, ${Buffer.byteLength(body)} from the limit`,
      );
    }

    const measure = async (address: string, url: string, seconds: number, pid?: number) => {
      const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
      const result = await autocannon({
        url: `${address}${url}`,
        headers,
        connections,
        duration: seconds,
      });
      const bad = result.non2xx + result.errors + result.timeouts;
      if (bad > 0) {
        failed = true;
        console.error(
          `${address}${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      }
      const cpuPerRequest =
        pid === undefined ? 0 : ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total;
      return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
    };
    if (warmup > 0) {
      for (const { call } of measured) {
        await measure(atelierAddress, call.url, warmup);
        await measure(limitAddress, call.url, warmup);
      }
    }
    const description =
      `PostgreSQL ${version}, ${clients} clients (${stylists.length} stylists), pools of ${poolMax}, ` +
      `${rounds} rounds of ${duration} s per call and server, ${connections} connections, ${os.cpus().length} cores`;
    console.log(`\n${description}`);
    for (let round = 0; round < rounds; round++) {
      for (const row of measured) {
        // Interleaved, and in turn first: neither server always meets a machine the other warmed.
        const measureAtelier = async () => {
          const { rps, p99, cpuPerRequest } = await measure(
            atelierAddress,
            row.call.url,
            duration,
            atelier.child.pid,
          );
          row.atelier.push(rps);
          row.atelierP99.push(p99);
          row.atelierCpu.push(cpuPerRequest);
        };
        const measureLimit = async () => {
          const { rps, p99, cpuPerRequest } = await measure(
            limitAddress,
            row.call.url,
            duration,
            limit.child.pid,
          );
          row.limit.push(rps);
          row.limitP99.push(p99);
          row.limitCpu.push(cpuPerRequest);
        };
        if (round % 2 === 0) {
          await measureAtelier();
          await measureLimit();
        } else {
          await measureLimit();
          await measureAtelier();
        }
      }
      console.log(`  round ${round + 1}/${rounds} done`);
    }
  } finally {
    await control.end();
    for (const child of children) {
      child.child.kill('SIGTERM');
      await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.child.exitCode === null) child.child.kill('SIGKILL');
    }
  }
  return { clients: stylists.length * clientsPerStylist, measured };
}

function printTable(measured: Measured[]) {
  const table = [
    [
      'call',
      'Atelier req/s',
      'limit req/s',
      'ratio',
      'ratio min–max',
      'p99 ms Atelier',
      'p99 ms limit',
      'CPU µs/req Atelier',
      'CPU µs/req limit',
    ],
    ...measured.map((row) => {
      const ratios = row.atelier.map((rps, i) => rps / row.limit[i]!);
      return [
        row.call.name,
        `${median(row.atelier).toFixed(0)} (${spread(row.atelier, 0)})`,
        `${median(row.limit).toFixed(0)} (${spread(row.limit, 0)})`,
        median(ratios).toFixed(2),
        spread(ratios, 2),
        `${median(row.atelierP99).toFixed(0)} (${spread(row.atelierP99, 0)})`,
        `${median(row.limitP99).toFixed(0)} (${spread(row.limitP99, 0)})`,
        `${median(row.atelierCpu).toFixed(0)} (${spread(row.atelierCpu, 0)})`,
        `${median(row.limitCpu).toFixed(0)} (${spread(row.limitCpu, 0)})`,
      ];
    }),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  console.log(
    '\nreq/s, p99 and CPU: median (min–max) over the rounds; ratio: Atelier ÷ limit per round, ' +
      "median; CPU: the server process's own user + system time per request\n",
  );
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`);
    if (index === 0) console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  }
}

/** One database per size on the cluster DATABASE_URL names (made if missing), smallest first. */
function databaseFor(clientsPerStylist: number) {
  if (sizes.length === 1 && !process.env.SIZES) return databaseUrl!;
  const url = new URL(databaseUrl!);
  url.pathname = `/atelier_limit_${optionsFromEnv().stylists}x${clientsPerStylist}`;
  return url.toString();
}

execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), 'server'], {
  stdio: 'inherit',
});
const results: Awaited<ReturnType<typeof measureAt>>[] = [];
try {
  for (const size of sizes) {
    const url = databaseFor(size);
    if (url !== databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const name = new URL(url).pathname.slice(1);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
      await admin.end();
    }
    console.log(`\n=== ${size} clients per stylist ===`);
    const result = await measureAt(url, size);
    results.push(result);
    printTable(result.measured);
    if (isProfiled) {
      const keepAs = process.env.PROFILE_OUT && `${process.env.PROFILE_OUT}.${size}`;
      printProfile(profileDirFor(size), keepAs || undefined);
    }
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

if (results.length > 1) {
  // Flat with data: each call's throughput at every size as a share of its own at the smallest.
  const first = results[0]!;
  const header = [
    'call',
    ...results.map((r) => `ratio at ${r.clients}`),
    ...results.slice(1).map((r) => `req/s ${r.clients} ÷ ${first.clients}`),
  ];
  const rows = first.measured.map((row, index) => {
    const ratio = (m: Measured) => median(m.atelier.map((rps, i) => rps / m.limit[i]!)).toFixed(2);
    return [
      row.call.name,
      ...results.map((r) => ratio(r.measured[index]!)),
      ...results
        .slice(1)
        .map((r) => (median(r.measured[index]!.atelier) / median(row.atelier)).toFixed(2)),
    ];
  });
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  console.log(
    "\nAtelier ÷ limit at each size, and Atelier's req/s as a share of its own at the smallest\n",
  );
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`);
    if (index === 0) console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  }
}
if (failed) {
  console.error(
    '\nsome answers were not 2xx or failed: the figures above do not measure the calls',
  );
  process.exit(1);
}
