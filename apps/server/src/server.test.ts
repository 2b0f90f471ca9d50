import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

// Built by vitest.global-setup.ts, run as `npm start` runs it.
const bundle = path.resolve(import.meta.dirname, '../dist/server.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-server-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(port: number) {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(port: number, child: ChildProcess) {
  for (let i = 0; i < 150 && child.exitCode === null; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
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
