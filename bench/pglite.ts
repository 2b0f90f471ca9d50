/**
 * The embedded default as `npm start` runs it: the compiled server (apps/server/dist/server.js)
 * on a fresh PGlite data directory, signed in as a stylist, with autocannon on the stylist calls
 * (clients page 1, a 3+ character and a 1-character search, dashboard, commissions list):
 * req/s, p50 and p99 of each. Builds what changed first (scripts/build.mjs).
 *
 *   npx tsx bench/pglite.ts                                  (the demo data, as the demo stylist)
 *   CLIENTS_PER_STYLIST=100000 STYLISTS=1 npx tsx bench/pglite.ts   (generated data first)
 *
 * With CLIENTS_PER_STYLIST the data directory is first filled by bench/generate-data.ts (in this
 * process, then closed, since PGlite has one owner) and the first generated stylist is measured.
 * Beside req/s, each call's CPU time of the server per request (from /proc, user + system): on a
 * shared machine it moves less than req/s. PROFILE=1 also records a CPU profile of the server
 * (with CALLS=page, of clients page 1 alone) and prints where its one thread spent the time
 * (PGlite, drizzle, the rest); PROFILE_OUT=file keeps the profile.
 * Knobs: DURATION (s per call, 5), CONNECTIONS (10), WARMUP (s per call, 1), CALLS (a pattern
 * keeping only the matching calls, e.g. `page`), SEARCH (the 3+ character term; by default the
 * start of the first listed client's last name), SHORT_SEARCH (`a`), KEEP_DATA_DIR (a directory
 * to reuse: generated once, measured on later runs).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort, spawnServer, waitForReady } from '../apps/server/src/test/processes.ts';
import { API_ACCEPT, type ClientListDocument } from '../packages/contract/src/index.ts';
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
import { stylistCalls } from './stylist-calls.ts';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const warmup = Number(process.env.WARMUP ?? 1);
const callPattern = process.env.CALLS ? new RegExp(process.env.CALLS) : undefined;
const shortSearch = process.env.SHORT_SEARCH ?? 'a';
const isProfiled = process.env.PROFILE === '1';
const isGenerated = process.env.CLIENTS_PER_STYLIST !== undefined;
/** A request slower than this counts as an error: the dashboard at 100k can take seconds. */
const REQUEST_TIMEOUT_S = 60;

const repoRoot = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-pglite-'));
const dataDir = process.env.KEEP_DATA_DIR ?? path.join(scratch, 'data');
const profileDir = path.join(scratch, 'profile');
const serverEnv = {
  AUTH_SECRET: BENCH_AUTH_SECRET,
  JWT_TTL_SECONDS: '86400',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(scratch, 'no-web'),
  LOG_LEVEL: 'warn',
};

execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {
  cwd: repoRoot,
  stdio: 'inherit',
});

let account = { email: 'demo@atelier.test', password: 'atelier-demo' };
if (isGenerated) {
  const options = optionsFromEnv();
  const started = performance.now();
  const config = loadConfig({ ...process.env, ...serverEnv, PORT: '0' });
  const app = await buildApp(config, { logger: false });
  try {
    await generateData(app.database.db, {
      ...options,
      auth: app.auth,
      log: (line) => console.log(`  ${line}`),
    });
  } finally {
    await app.close();
  }
  console.log(`data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  account = { email: stylistEmail(1), password: BENCH_PASSWORD };
}

async function startServer(isProfiledRun: boolean) {
  const port = await freePort();
  const profileFlags = isProfiledRun ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = spawnServer(
    [...profileFlags, 'apps/server/dist/server.js'],
    { ...serverEnv, PORT: String(port) },
    repoRoot,
  );
  await waitForReady(port, server.child, { attempts: 600 });
  return { port, server };
}

async function stopServer({ server }: Awaited<ReturnType<typeof startServer>>) {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0 && code !== null) console.error(`server exited with ${code}:\n${server.output()}`);
}

// The first start seeds the demo data; a profile leaves that start out.
if (isProfiled) await stopServer(await startServer(false));
const started = await startServer(isProfiled);
const { port } = started;
let failed = false;
try {
  const address = `http://127.0.0.1:${port}`;
  const headers = {
    ...(await bearerFor(address, `http://localhost:${port}`, account)),
    accept: API_ACCEPT,
  };
  const first = (await (
    await fetch(`${address}/api/stylist/clients?page=1`, { headers })
  ).json()) as ClientListDocument;
  const search =
    process.env.SEARCH ??
    (isGenerated ? 'whitfield' : first.data[0]!.attributes.lastName.slice(0, 4).toLowerCase());
  const calls = stylistCalls({ search, shortSearch }).filter(
    (call) => !callPattern || callPattern.test(call.name),
  );

  console.log(
    `\nPGlite, ${account.email} with ${first.meta.pagination.total} clients; ` +
      `${duration}s per call after ${warmup}s warm-up, ${connections} connections, ${os.cpus().length} cores\n`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | server CPU ms/request | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const call of calls) {
    const run = (seconds: number) =>
      autocannon({
        url: `${address}${call.url}`,
        headers,
        connections,
        duration: seconds,
        timeout: REQUEST_TIMEOUT_S,
      });
    if (warmup > 0) await run(warmup);
    const cpuBefore = cpuMs(started.server.child.pid!);
    const result = await run(duration);
    const cpu = (cpuMs(started.server.child.pid!) - cpuBefore) / result.requests.total;
    const errors = result.non2xx + result.errors + result.timeouts;
    if (errors > 0) failed = true;
    console.log(
      `| ${call.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ` +
        `${result.latency.p99} | ${cpu.toFixed(2)} | ${errors} |`,
    );
  }
} finally {
  await stopServer(started);
}
if (isProfiled) printProfile(profileDir, process.env.PROFILE_OUT);
fs.rmSync(scratch, { recursive: true, force: true });
if (failed) {
  console.error('some answers were not 2xx');
  process.exitCode = 1;
}
