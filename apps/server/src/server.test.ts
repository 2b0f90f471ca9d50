import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
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
    ALLOW_MAIL_FOLDER: 'true',
    ALLOW_LOCAL_LABELS: 'true',
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

test('production refuses unsafe settings in one message and starts nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-unsafe-'));
  try {
    const refused = spawnServer(['--enable-source-maps', bundle], {
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      DATA_DIR: dir,
      PUBLIC_URL: 'http://atelier.example.com',
      SEED_DEMO_DATA: 'true',
    });
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    for (const key of ['SEED_DEMO_DATA', 'PUBLIC_URL', 'SMTP_URL', 'SHIPPING_PROVIDER']) {
      expect(output).toContain(`  ${key}: `);
    }
    expect(output).not.toMatch(/at .+\.js:\d+/);
    // Refused before the database was opened: nothing was written.
    expect(fs.readdirSync(dir)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('production seeds no demo account, and the banner prints no password', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-prod-'));
  const port = await freePort();
  const server = spawnServer(['--enable-source-maps', bundle], {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dir,
    ALLOW_MAIL_FOLDER: 'true',
    ALLOW_LOCAL_LABELS: 'true',
  });
  try {
    await waitForReady(port, server.child);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'admin@atelier.test', password: 'atelier-demo' }),
    });
    expect(signIn.status).toBe(401);
    expect(server.output()).not.toContain('atelier-demo');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('a taken port is one clear line naming the port and what to set', async () => {
  const port = await freePort();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-port-'));
  try {
    const second = spawnServer(['--enable-source-maps', bundle], {
      PORT: String(port),
      DATA_DIR: dir,
      SEED_DEMO_DATA: 'false',
    });
    expect(await second.exited).toBe(1);
    const lines = second
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('{'));
    expect(lines).toEqual([
      `Port ${port} on 127.0.0.1 is already in use by another program: stop it, or set PORT to a free port.`,
    ]);
  } finally {
    holder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
