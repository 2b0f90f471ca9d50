/**
 * Cold start on an installed, built tree: the time from spawning a process to its first 200 on
 * /health/ready, for the compiled server, for `npm start`'s script (which finds nothing to
 * build), for the server run from source by tsx (as before), and for the least a server can do
 * (bare-ready-server.mjs: node, the same PGlite database, `select 1`), as ratios to the latter.
 * The scenarios take turns, round after round, so a busy moment of the machine spreads over all
 * of them. Builds what changed first (scripts/build.mjs).
 *
 *   npx tsx bench/cold-start.ts              (ROUNDS=5 by default)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../apps/server/src/test/processes.ts';

const rounds = Number(process.env.ROUNDS ?? 5);
const repoRoot = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');
const startScript = path.join(repoRoot, 'scripts/start.mjs');
const bareServer = path.join(import.meta.dirname, 'bare-ready-server.mjs');
// What npm start ran before the server was compiled, for reference.
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const serverSource = path.join(repoRoot, 'apps/server/src/server.ts');
/** Past this a start counts as failed; the slowest one seen here (demo seeding) took 12 s. */
const READY_TIMEOUT_MS = 90_000;

const temporaryDirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cold-start-'));
  temporaryDirs.push(dir);
  return dir;
}

interface Run {
  args: string[];
  dataDir: string;
  seed: boolean;
}

/** Milliseconds from spawn to the first 200 on /health/ready; the process is stopped after. */
async function timeToReady({ args, dataDir, seed }: Run): Promise<{ ms: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const { child, exited, output } = spawnServer(
    args,
    { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: String(seed) },
    repoRoot,
  );
  try {
    while (performance.now() - started < READY_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${output()}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`, {
        signal: AbortSignal.timeout(2_000),
      }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, output: output() };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${args.join(' ')} was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
  } finally {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
}

function distState(): string {
  return ['apps/web/dist', 'apps/server/dist']
    .flatMap((dist) =>
      fs.readdirSync(path.join(repoRoot, dist), { recursive: true, withFileTypes: true }),
    )
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return `${file} ${fs.statSync(file).mtimeMs}`;
    })
    .sort()
    .join('\n');
}

execFileSync(node, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
const builtState = distState();

// The database of a tree that has run before: migrated and seeded with the demo data once.
const existingDir = freshDir();
const seeding = await timeToReady({ args: [serverBundle], dataDir: existingDir, seed: true });

const scenarios: { name: string; bare?: string; run: () => Run }[] = [
  {
    name: 'bare: node + PGlite, existing database',
    run: () => ({ args: [bareServer], dataDir: existingDir, seed: false }),
  },
  {
    name: 'bare: node + PGlite, new database',
    run: () => ({ args: [bareServer], dataDir: freshDir(), seed: false }),
  },
  {
    name: 'node dist/server.js, existing database',
    bare: 'bare: node + PGlite, existing database',
    run: () => ({
      args: ['--enable-source-maps', serverBundle],
      dataDir: existingDir,
      seed: true,
    }),
  },
  {
    name: 'node scripts/start.mjs, existing database',
    bare: 'bare: node + PGlite, existing database',
    run: () => ({ args: [startScript], dataDir: existingDir, seed: true }),
  },
  {
    name: 'tsx src/server.ts, existing database (before)',
    bare: 'bare: node + PGlite, existing database',
    run: () => ({ args: [tsxCli, serverSource], dataDir: existingDir, seed: true }),
  },
  {
    name: 'node dist/server.js, new database, no seeding',
    bare: 'bare: node + PGlite, new database',
    run: () => ({
      args: ['--enable-source-maps', serverBundle],
      dataDir: freshDir(),
      seed: false,
    }),
  },
  {
    name: 'node scripts/start.mjs, new database, no seeding',
    bare: 'bare: node + PGlite, new database',
    run: () => ({ args: [startScript], dataDir: freshDir(), seed: false }),
  },
  {
    name: 'node dist/server.js, new database, demo seeding',
    bare: 'bare: node + PGlite, new database',
    run: () => ({
      args: ['--enable-source-maps', serverBundle],
      dataDir: freshDir(),
      seed: true,
    }),
  },
];

const times = new Map<string, number[]>(scenarios.map((scenario) => [scenario.name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    // Each round starts one scenario later, so none is always the first after a pause.
    for (let i = 0; i < scenarios.length; i++) {
      const scenario = scenarios[(round + i) % scenarios.length]!;
      const { ms, output } = await timeToReady(scenario.run());
      if (output.includes('Building')) throw new Error(`${scenario.name} rebuilt:\n${output}`);
      times.get(scenario.name)!.push(ms);
    }
  }
} finally {
  for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
}
if (distState() !== builtState)
  throw new Error('a start changed apps/web/dist or apps/server/dist');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);

console.log(
  `\n${rounds} rounds, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
    `first start with demo seeding (untimed setup): ${seconds(seeding.ms)} s\n`,
);
console.log(`${'to the first 200 on /health/ready'.padEnd(50)}  median   min–max      ratio`);
for (const scenario of scenarios) {
  const values = times.get(scenario.name)!;
  const ratio = scenario.bare
    ? (median(values) / median(times.get(scenario.bare)!)).toFixed(2)
    : '';
  console.log(
    `${scenario.name.padEnd(50)} ${seconds(median(values)).padStart(6)} s  ` +
      `${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s`.padEnd(14) +
      `  ${ratio}`,
  );
}
