/**
 * The long form of the server suite's fuzz test (apps/server/src/fuzz.test.ts): the same property
 * on every operation, FUZZ_RUNS requests each (1,000 by default). No answer is a 5xx, none takes
 * longer than FUZZ_TIMEOUT_MS (5,000), and every 4xx carries the contract's error body. Prints, per
 * operation, the requests sent, the statuses seen and the slowest answer, then every failure with
 * its seed to replay it.
 *
 *   npx tsx bench/fuzz.ts                                   (in-memory PGlite)
 *   DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres npx tsx bench/fuzz.ts
 *
 * On PostgreSQL it creates a throwaway database on that server and drops it at the end (the user
 * needs CREATEDB). FUZZ_SEED fixes the run's seed, FUZZ_ONLY picks the operations whose
 * "METHOD /path" contains it. A failure is not shrunk here (a hang would make that slow):
 * replay it in the suite with the same FUZZ_SEED and FUZZ_ONLY, where fast-check shrinks it.
 */
import fc from 'fast-check';
import {
  buildFuzzWorld,
  fuzzSettings,
  newStats,
  operationProperty,
  seedFor,
  selectedOperations,
} from '../apps/server/src/test/fuzz.ts';

process.env.TZ = 'UTC';
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;

const settings = fuzzSettings(process.env, { runs: 1_000 });
const started = performance.now();
const world = await buildFuzzWorld();
const operations = selectedOperations(world, settings);
const documented = operations.filter((operation) => operation.documented).length;
console.log(
  `fuzzing ${operations.length} operations (${documented} in the OpenAPI document, ` +
    `${operations.length - documented} hidden), ${settings.runs} requests each, on ` +
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'} (FUZZ_SEED=${settings.seed})`,
);

const statusList = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

const totals = new Map<number, number>();
const failures: { key: string; report: string }[] = [];
let requests = 0;
for (const operation of operations) {
  const stats = newStats();
  const opStarted = performance.now();
  const details = await fc.check(operationProperty(world, operation, stats, settings.timeoutMs), {
    numRuns: settings.runs,
    seed: seedFor(settings, operation),
    endOnFailure: true,
  });
  const seconds = (performance.now() - opStarted) / 1000;
  requests += stats.requests;
  for (const [status, count] of stats.statuses)
    totals.set(status, (totals.get(status) ?? 0) + count);
  console.log(
    `${details.failed ? 'FAIL' : 'ok  '} ${operation.key.padEnd(52)} ${String(stats.requests).padStart(6)} ` +
      `in ${seconds.toFixed(1).padStart(5)} s, slowest ${Math.round(stats.slowestMs)} ms: ${statusList(stats.statuses)}`,
  );
  if (details.failed) {
    const report = fc.defaultReportMessage(details) ?? String(details.errorInstance);
    failures.push({ key: operation.key, report });
  }
}
await world.app.close();

const minutes = (performance.now() - started) / 60_000;
console.log(
  `\n${operations.length} operations, ${requests} requests in ${minutes.toFixed(1)} min ` +
    `(FUZZ_SEED=${settings.seed}): ${statusList(totals)}; ${failures.length} failed`,
);
for (const { key, report } of failures) {
  const clipped = report.length > 4_000 ? `${report.slice(0, 4_000)}… (${report.length})` : report;
  console.log(`\n${key} (FUZZ_ONLY='${key}')\n${clipped}`);
}
if (failures.length > 0) process.exit(1);
