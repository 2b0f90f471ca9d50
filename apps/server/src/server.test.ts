import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort, spawnServer, waitForReady } from './test/processes.ts';

// Built by vitest.global-setup.ts, run as `npm start` runs it.
const bundle = path.resolve(import.meta.dirname, '../dist/server.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-server-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(port: number) {
  return spawnServer(['--enable-source-maps', bundle], {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
  });
}

test('a second process on the same data directory refuses clearly; SIGTERM shuts down cleanly', async () => {
  const port = await freePort();
  const first = start(port);
  try {
    await waitForReady(port, first.child);

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /data directory .+ is in use by another Atelier process \(pid \d+\)/,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'atelier.lock'))).toBe(false);
  } finally {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
  }
}, 60_000);
