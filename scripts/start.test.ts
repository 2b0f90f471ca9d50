import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, spawnServer, waitForReady } from '../apps/server/src/test/processes.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const startScript = path.join(import.meta.dirname, 'start.mjs');
const dists = ['apps/web/dist', 'apps/server/dist'].map((dist) => path.join(repoRoot, dist));
const webStamp = path.join(repoRoot, 'apps/web/dist/.build-stamp');
const serverStamp = path.join(repoRoot, 'apps/server/dist/.build-stamp');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-start-'));

beforeAll(() => {
  // The tree as `npm start` leaves it; building the web app takes up to a minute on 2 busy cores.
  execFileSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs')], {
    stdio: 'inherit',
    timeout: 150_000,
  });
}, 160_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` may build first: give it up to 30 s. */
const START_READY = { attempts: 300, intervalMs: 100 };

function start(port: number) {
  return spawnServer(
    [startScript],
    { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' },
    repoRoot,
  );
}

/** Every file of both builds with its modification time, and the stamps' contents. */
function distState() {
  const files = dists.flatMap((dist) =>
    fs
      .readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  return {
    files: Object.fromEntries(files.sort().map((file) => [file, fs.statSync(file).mtimeMs])),
    stamps: [fs.readFileSync(webStamp, 'utf8'), fs.readFileSync(serverStamp, 'utf8')],
  };
}

/** Runs `body` with a stamp that no longer matches the sources, then puts the stamp back. */
async function withStaleStamp(stamp: string, body: () => Promise<void>) {
  const original = fs.readFileSync(stamp, 'utf8');
  fs.writeFileSync(stamp, 'stale\n');
  try {
    await body();
  } finally {
    fs.writeFileSync(stamp, original);
  }
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

test('an unchanged tree starts without building; a lock left by a dead process is taken over; SIGTERM stops it', async () => {
  const port = await freePort();
  const lock = path.join(repoRoot, `.data/start-${port}.lock`);
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  fs.writeFileSync(lock, String(await deadPid()));
  const before = distState();

  const run = start(port);
  try {
    await waitForReady(port, run.child, START_READY);
    expect(run.output()).not.toMatch(/Building/);
    expect(distState()).toEqual(before);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(run.child.pid));

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  } finally {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
  }
}, 60_000);

test('a second start on the same port refuses before building anything, even with sources changed', async () => {
  const port = await freePort();
  const first = start(port);
  try {
    await waitForReady(port, first.child, START_READY);
    // Were the lock taken after the build, this second start would rebuild the server.
    await withStaleStamp(serverStamp, async () => {
      const before = distState();
      const second = start(port);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Atelier is already running from this folder on port ${port} (pid ${first.child.pid}); ` +
          'nothing was built or changed.',
      );
      expect(second.output()).not.toMatch(/Building/);
      expect(distState()).toEqual(before);
    });
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
  }
}, 60_000);

test('a start on another port refuses to rebuild the web app that a running start serves', async () => {
  const port = await freePort();
  const first = start(port);
  try {
    await waitForReady(port, first.child, START_READY);
    await withStaleStamp(webStamp, async () => {
      const before = distState();
      const other = start(await freePort());
      expect(await other.exited).toBe(1);
      expect(other.output()).toContain(
        `Cannot build the web app: Atelier runs from this folder on port ${port} (pid ${first.child.pid})`,
      );
      expect(distState()).toEqual(before);
    });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
  }
}, 60_000);
