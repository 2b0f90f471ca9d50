/**
 * Throughput of the everyday routes on the demo data, on loopback, as ratios to a route that does
 * no work, all in one run so the machine's speed cancels out. Bounded: DURATION seconds per scenario.
 *
 *   npx tsx bench/api-baseline.ts            (DURATION=5 CONNECTIONS=10 by default)
 *   SCENARIOS=account npx tsx bench/api-baseline.ts   (only the scenarios whose name matches,
 *                                                      besides the baseline)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/seed.ts';
import { bearerFor } from './sign-in.ts';

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
const app = await buildApp(config, { logger: false });
await seedDemoDataIfEmpty({ db: app.database.db, auth: app.auth, storage: app.storage });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const auth = await bearerFor(address, config.publicUrl, {
  email: 'demo@atelier.test',
  password: 'atelier-demo',
});
// The demo's first client has two quotes in every status: the client quotes page's heaviest list.
const { data: olivia } = (await (
  await fetch(`${address}/api/stylist/clients?page=1&search=olivia`, { headers: auth })
).json()) as { data: { id: number }[] };
const quotesPath = `/api/stylist/clients/${olivia[0]!.id}/quotes`;
const { data: oliviaQuotes } = (await (
  await fetch(`${address}${quotesPath}`, { headers: auth })
).json()) as {
  data: { id: number; attributes: { status: string; shipment: { id: number } | null } }[];
};
const shipped = oliviaQuotes.find((quote) => quote.attributes.shipment)!;
const manifestPath = `/api/stylist/white-glove-quotes?shipment-id=${shipped.attributes.shipment!.id}`;

const scenarios = [
  { name: 'GET /health/live (no work: the baseline)', path: '/health/live', headers: {} },
  { name: 'GET /health/ready (database ping)', path: '/health/ready', headers: {} },
  {
    name: 'GET /api/account?include=stylist (JWT + query)',
    path: '/api/account?include=stylist',
    headers: auth,
  },
  { name: 'GET /api/v2/designer-directory', path: '/api/v2/designer-directory', headers: auth },
  { name: `GET ${quotesPath} (26 quotes)`, path: quotesPath, headers: auth },
  { name: 'GET manifest (shipment, its quotes, client)', path: manifestPath, headers: auth },
  {
    name: 'GET /api/stylist/commissions (page, totals, 12 months)',
    path: '/api/stylist/commissions',
    headers: auth,
  },
  // Read by every signed-in page (the bell's list and unread count, the texts) and the help cards.
  {
    name: 'GET /api/stylist/notifications (list + unread)',
    path: '/api/stylist/notifications',
    headers: auth,
  },
  { name: 'GET /api/stylist/tutorials', path: '/api/stylist/tutorials', headers: auth },
  { name: 'GET /api/stylist/marketing-box', path: '/api/stylist/marketing-box', headers: auth },
  { name: 'GET /api/i18n (text content)', path: '/api/i18n', headers: auth },
];

const only = process.env.SCENARIOS ? new RegExp(process.env.SCENARIOS, 'i') : null;
const results: { name: string; rps: number; p99: number }[] = [];
for (const [index, scenario] of scenarios.entries()) {
  if (only && index > 0 && !only.test(scenario.name)) continue;
  const result = await autocannon({
    url: `${address}${scenario.path}`,
    headers: scenario.headers,
    connections,
    duration,
  });
  if (result.non2xx > 0) throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers`);
  results.push({ name: scenario.name, rps: result.requests.average, p99: result.latency.p99 });
}

// A label is a write that changes what it measures, so each accepted quote gets one, in turn:
// the embedded provider's PDF and PNG, the ship list with photos, and the transaction.
const labelTimes: number[] = [];
for (const quote of oliviaQuotes.filter((q) => q.attributes.status === 'offer_accepted')) {
  const started = performance.now();
  const response = await fetch(`${address}/api/stylist/clients/${olivia[0]!.id}/shipping-label`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ item_ids: [quote.id], emailClientShiplist: false }),
  });
  if (response.status !== 201)
    throw new Error(`label: ${response.status} ${await response.text()}`);
  labelTimes.push(performance.now() - started);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const baseline = results[0]!.rps;
console.log(`\n${duration}s per scenario, ${connections} connections, ${os.cpus().length} cores\n`);
for (const row of results) {
  console.log(
    `${row.name.padEnd(52)} ${row.rps.toFixed(0).padStart(7)} req/s  p99 ${String(row.p99).padStart(4)} ms  ratio ${(row.rps / baseline).toFixed(2)}`,
  );
}
const labelMs = labelTimes.reduce((sum, ms) => sum + ms, 0) / labelTimes.length;
const labelRps = 1000 / labelMs;
console.log(
  `${'POST shipping-label (1 item, one at a time)'.padEnd(52)} ${labelRps.toFixed(1).padStart(7)} req/s  mean ${labelMs.toFixed(0).padStart(4)} ms  ratio ${(labelRps / baseline).toFixed(4)}`,
);
