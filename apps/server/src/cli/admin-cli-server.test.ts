import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, spawnServer, waitForReady } from '../test/processes.ts';
import { readZip } from '../test/zip.ts';

// Built by vitest.global-setup.ts, run as `npm start` and `npm run admin` run them.
const dist = path.resolve(import.meta.dirname, '../../dist');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-server-'));
let port: number;
let server: ReturnType<typeof spawnServer>;

/** Both processes read the same settings, as an operator's shell gives them. */
const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
});

function admin(args: string[], overrides: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(dist, 'admin.js'), ...args], {
    env: { ...process.env, ...env(), ...overrides },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() })),
  );
}

/** The "Curated For" page a printed link opens, as the client's browser asks for it. */
async function curatedPage(link: string) {
  const token = /\/curated\/([\w-]{43})$/.exec(link)?.[1];
  if (!token) throw new Error(`not a Curated For link: ${link}`);
  return (await fetch(`http://127.0.0.1:${port}/api/client/curated/${token}`)).status;
}

beforeAll(async () => {
  port = await freePort();
  // The demo data gives the embedded database a stylist, clients and quotes.
  server = spawnServer(['--enable-source-maps', path.join(dist, 'server.js')], env());
  await waitForReady(port, server.child);
}, 120_000);
afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('help prints the commands and exits 0, with no settings, database or server needed', async () => {
  for (const word of ['help', '--help', '-h']) {
    const answer = await admin([word], { DATABASE_URL: 'not a url', PORT: 'eighty' });
    expect(answer).toMatchObject({ code: 0, stderr: '' });
    expect(answer.stdout).toMatch(/^Usage: npm run admin -- <command> \[options\]/);
    expect(answer.stdout).toContain('create-stylist');
  }
});

test("the CLI revokes a client's links through the running server, which keeps serving", async () => {
  const pid = server.child.pid;
  const shared = await admin(['share-link', '1']);
  expect(shared).toMatchObject({ code: 0, stderr: '' });
  expect(await curatedPage(shared.stdout)).toBe(200);

  const revoked = await admin(['revoke-links', '1']);
  expect(revoked).toMatchObject({ code: 0, stderr: '' });
  expect(revoked.stdout).toMatch(/^Revoked \d+ links? of .+ \(client #1\)\.$/);
  expect(Number(/Revoked (\d+)/.exec(revoked.stdout)?.[1])).toBeGreaterThanOrEqual(1);

  // At once, on the server that never stopped.
  expect(await curatedPage(shared.stdout)).toBe(404);
  expect(server.child.exitCode).toBeNull();
  expect(server.child.pid).toBe(pid);
  expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);

  // A refusal reads as it does on the database directly, and exits 1.
  expect(await admin(['revoke-links', '999999'])).toEqual({
    code: 1,
    stdout: '',
    stderr: 'Client not found',
  });
}, 120_000);

test('with the data directory held and no server at PUBLIC_URL, the CLI says what to do', async () => {
  const elsewhere = await freePort();
  const answer = await admin(['outbox'], { PUBLIC_URL: `http://127.0.0.1:${elsewhere}` });
  expect(answer.code).toBe(1);
  expect(answer.stderr).toMatch(
    new RegExp(
      `in use by another Atelier process \\(pid ${server.child.pid}\\), and no Atelier server answers at http://127.0.0.1:${elsewhere}`,
    ),
  );
}, 60_000);

test('the CLI exports and erases a client through the running server, audited', async () => {
  const out = path.join(dataDir, 'client-2.zip');
  const exported = await admin(['export-client', '2', '--out', out]);
  expect(exported).toMatchObject({ code: 0, stderr: '' });
  expect(exported.stdout).toBe(`Exported client #2 to ${out} (${fs.statSync(out).size} bytes).`);
  const json = readZip(fs.readFileSync(out)).get('client.json');
  expect(JSON.parse(json!.toString()).client.id).toBe(2);

  const refused = await admin(['erase-client', '2']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^Erasing client #2 cannot be undone.*--yes/);
  const erased = await admin(['erase-client', '2', '--yes']);
  expect(erased).toMatchObject({ code: 0, stderr: '' });
  expect(erased.stdout).toMatch(/^Erased client #2; \d+ files deleted\.$/);

  const trail = await admin(['audit', '--since', '2000-01-01', '--limit', '500']);
  expect(trail.code).toBe(0);
  expect(trail.stdout).toMatch(/command line from [\d.:a-f]+: client\.erase client:2 /);
}, 120_000);

test('the output is the same through the server and on the database directly', async () => {
  const commands = [
    ['quote-show', '1'],
    ['outbox'],
    ['marketing-box'],
    ['audit', '--since', '2000-01-01', '--limit', '5'],
  ];
  const throughServer = [];
  for (const args of commands) throughServer.push(await admin(args));

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const direct = [];
  for (const args of commands) direct.push(await admin(args));

  expect(direct).toEqual(throughServer);
  expect(direct.every(({ code }) => code === 0)).toBe(true);
  expect(direct[0]!.stdout).toMatch(/^Quote #1 /);
}, 120_000);
