/**
 * Two compiled instances on PostgreSQL behind nginx, configured with the nginx block of
 * docs/operations.md (its ports replaced), as an operator runs them:
 *
 * 1. a rolling restart under load, as the guide's "Drain an instance" says: each instance in turn
 *    is marked `down` in nginx (reload), gets SIGTERM, exits, starts again, serves and is put back
 *    (reload), `GAP_MS` before the next one goes, for `ROUNDS` rounds, while `CONCURRENCY` loops read
 *    and write through nginx; every request that did not answer 2xx counts as failed (goal 0), and
 *    every acknowledged write must be in the database;
 * 2. a forged `X-Forwarded-For` does not escape the sign-in limit (TRUST_PROXY=1);
 * 3. with TEST_PG_CLUSTER ("<version> <name>" of the cluster DATABASE_URL is on), PostgreSQL is
 *    stopped: the app's 503 with Retry-After reaches the client through nginx, and once it is back
 *    every request answers 200 again, with no 502 in between.
 *
 *   pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE \
 *     TEST_PG_CLUSTER="15 regress" npx tsx e2e/scripts/behind-nginx.ts'
 *
 * Knobs: ROUNDS (2), GAP_MS (2000, the gap that dropped a third of the requests with the earlier
 * example), CONCURRENCY (8), NGINX (/usr/sbin/nginx). Everything stops by itself within
 * TIME_LIMIT_S (300); traffic goes to loopback only. Exits 1 when any check fails.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createAccount } from '../../apps/server/src/features/user-accounts/create-account.ts';
import { freePort, spawnServer, waitForReady } from '../../apps/server/src/test/processes.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(repoRoot, 'apps/server/dist/server.js');
const knob = (name: string, fallback: number, max: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= 0 && value <= max)) throw new Error(`${name} must be in [0, ${max}]`);
  return value;
};
const ROUNDS = knob('ROUNDS', 2, 10);
const GAP_MS = knob('GAP_MS', 2_000, 60_000);
const CONCURRENCY = knob('CONCURRENCY', 8, 64);
const TIME_LIMIT_S = knob('TIME_LIMIT_S', 300, 1_800);
/** No load loop sends more than this many requests, whatever the time. */
const MAX_REQUESTS_PER_LOOP = 20_000;
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
/** How long after the reload that drains an instance it gets SIGTERM: nginx's old workers finish. */
const DRAIN_MS = 1_000;
const databaseUrl = process.env.DATABASE_URL ?? '';
const cluster = process.env.TEST_PG_CLUSTER?.trim().split(/\s+/);
const PASSWORD = 'behind-nginx-password-42';
const AUTH_SECRET = crypto.randomBytes(32).toString('base64url');

if (!databaseUrl.startsWith('postgres')) {
  console.error('behind-nginx.ts needs PostgreSQL: set DATABASE_URL=postgres://… (see its header)');
  process.exit(1);
}
if (!fs.existsSync(NGINX)) {
  console.error(`behind-nginx.ts needs nginx at ${NGINX} (Debian: apt-get install nginx-light)`);
  process.exit(1);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);
const failures: string[] = [];
function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-behind-nginx-'));
const children = new Set<ChildProcess>();
const deadline = setTimeout(() => {
  console.error(`behind-nginx.ts: over ${TIME_LIMIT_S} s; stopping`);
  cleanUp();
  process.exit(1);
}, TIME_LIMIT_S * 1000);

function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * One request on a connection of its own. A connection kept alive across the reload that drains
 * an instance is closed by nginx's old worker; a browser then sends again on a new connection,
 * which Node's fetch does not, so the load measures what a browser meets.
 */
function send(
  url: string,
  { method, token, body }: { method: string; token: string; body: string | undefined },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        timeout: 15_000,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body && { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out after 15 s')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The nginx block of docs/operations.md, on this run's ports, inside a config of its own. */
function nginxConfig(
  listenPort: number,
  instancePorts: [number, number],
  drained: number | null = null,
): string {
  const operations = fs.readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]+?)```/.exec(operations)?.[1];
  if (!block) throw new Error('docs/operations.md has no nginx block');
  // The drain step of the guide: the instance about to stop is marked `down`.
  const server = (example: string, port: number) => (line: string) =>
    line.replace(example, `127.0.0.1:${port}`).replace(/;$/, port === drained ? ' down;' : ';');
  const site = block
    .split('\n')
    .map((line) =>
      line.includes('127.0.0.1:3101')
        ? server('127.0.0.1:3101', instancePorts[0])(line)
        : line.includes('127.0.0.1:3102')
          ? server('127.0.0.1:3102', instancePorts[1])(line)
          : line,
    )
    .join('\n')
    .replace(/listen 8080;/, `listen 127.0.0.1:${listenPort};`);
  const temp = (name: string) => path.join(work, 'nginx', name);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(temp(name), { recursive: true });
  }
  return [
    // As root, workers keep root's rights over this run's own folders.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${temp(kind === 'client_body' ? 'body' : kind)};`,
    ),
    site,
    '}',
  ].join('\n');
}

async function main() {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), 'server'], {
    stdio: 'inherit',
    timeout: 120_000,
  });
  const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${lbPort}`;
  const sharedFiles = path.join(work, 'files');
  const env = (port: number) => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    DATA_DIR: path.join(work, `data-${port}`),
    STORAGE_DIR: sharedFiles,
    MAIL_DIR: path.join(work, 'mail'),
    WEB_DIST_DIR: path.join(work, 'no-web'),
    SEED_DEMO_DATA: 'false',
    ALLOW_MAIL_FOLDER: 'true',
    ALLOW_LOCAL_LABELS: 'true',
    TRUST_PROXY: '1',
    SIGNIN_RATE_LIMIT_MAX: '5',
    LOG_LEVEL: 'warn',
  });

  // The stylist, made through the code the admin CLI uses, before any instance starts.
  const setup = await buildApp(loadConfig(env(portA)), { logger: false });
  const email = `behind-nginx-${crypto.randomBytes(4).toString('hex')}@atelier.test`;
  await createAccount(setup.database.db, setup.auth, {
    email,
    password: PASSWORD,
    firstName: 'Nora',
    lastName: 'Proxy',
    role: 'stylist',
  });
  await setup.close();

  const instances = new Map<number, ReturnType<typeof spawnServer>>();
  async function startInstance(port: number) {
    const instance = spawnServer(['--enable-source-maps', bundle], env(port));
    children.add(instance.child);
    instances.set(port, instance);
    await waitForReady(port, instance.child);
  }
  await Promise.all([startInstance(portA), startInstance(portB)]);

  const confPath = path.join(work, 'nginx.conf');
  fs.writeFileSync(confPath, nginxConfig(lbPort, [portA, portB]));
  async function reloadNginx(drained: number | null) {
    fs.writeFileSync(confPath, nginxConfig(lbPort, [portA, portB], drained));
    await run(NGINX, ['-c', confPath, '-p', work, '-s', 'reload'], { timeout: 10_000 });
  }
  // Its own output would keep a caller's pipe open past the run: it logs to files in `work`.
  const nginx = spawn(NGINX, ['-c', confPath, '-p', work], { stdio: 'ignore' });
  const nginxExited = new Promise((resolve) => nginx.on('exit', resolve));
  children.add(nginx);
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${baseUrl}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await pause(100);
  }

  const signIn = (forwardedFor?: string, password = PASSWORD) =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        'content-type': 'application/json',
        ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
      },
      body: JSON.stringify({ email, password }),
    });
  const signedIn = await signIn();
  check(signedIn.status === 200, `sign-in through nginx answers 200 (${signedIn.status})`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { token } = (await (
    await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } })
  ).json()) as { token: string };

  // 1. The rolling restart under load.
  const answers = new Map<number, number>();
  const failed: string[] = [];
  const acknowledged: number[] = [];
  let isLoadRunning = true;
  let written = 0;
  async function loadLoop(loop: number) {
    for (let i = 0; i < MAX_REQUESTS_PER_LOOP && isLoadRunning; i++) {
      const isWrite = i % 5 === loop % 5;
      let status = 0;
      let detail = '';
      try {
        const answer = await send(`${baseUrl}/api/stylist/clients${isWrite ? '' : '?page=1'}`, {
          method: isWrite ? 'POST' : 'GET',
          token,
          body: isWrite
            ? JSON.stringify({
                firstName: 'Rolling',
                lastName: `Client ${(written += 1)}`,
                email: `rolling-${loop}-${i}@clients.test`,
                phone: '(212) 555-0101',
                address: '1 Main Street',
                city: 'New York',
                state: 'NY',
                postalCode: '10012',
              })
            : undefined,
        });
        status = answer.status;
        const body = answer.body;
        if (isWrite && status === 201) {
          acknowledged.push((JSON.parse(body) as { data: { id: number } }).data.id);
        }
        if (status >= 300) detail = body.slice(0, 120);
      } catch (error) {
        detail = (error as Error).message;
      }
      answers.set(status, (answers.get(status) ?? 0) + 1);
      if (status < 200 || status >= 300) {
        failed.push(`${isWrite ? 'POST' : 'GET'} ${status} ${detail}`);
      }
    }
  }
  const loops = Array.from({ length: CONCURRENCY }, (_, loop) => loadLoop(loop));
  await pause(1_000);
  const restarts: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const port of [portA, portB]) {
      const old = instances.get(port)!;
      // As the guide says: drain it in nginx (down, reload), then stop it, then put it back.
      await reloadNginx(port);
      await pause(DRAIN_MS);
      const stoppedAt = Date.now();
      old.child.kill('SIGTERM');
      const code = await old.exited;
      children.delete(old.child);
      const exitedMs = Date.now() - stoppedAt;
      check(code === 0, `round ${round}: the instance on :${port} exits 0 after SIGTERM`);
      await startInstance(port);
      await reloadNginx(null);
      restarts.push(
        `:${port} exited in ${exitedMs} ms, served again ${Date.now() - stoppedAt} ms after SIGTERM`,
      );
      await pause(GAP_MS);
    }
  }
  isLoadRunning = false;
  await Promise.all(loops);
  const total = [...answers.values()].reduce((sum, count) => sum + count, 0);
  console.log(`rolling restart: ${restarts.join('; ')}`);
  console.log(
    `rolling restart: ${total} requests through nginx, statuses ${JSON.stringify(Object.fromEntries(answers))}, ${failed.length} failed`,
  );
  for (const line of [...new Set(failed)].slice(0, 10)) console.log(`  failed: ${line}`);
  if (failed.length > 0) {
    // What nginx saw of the failed requests' upstreams.
    const errorLog = fs.readFileSync(path.join(work, 'nginx', 'error.log'), 'utf8');
    for (const line of errorLog
      .split('\n')
      .filter((entry) => entry.includes('upstream') && !entry.includes('Connection refused'))
      .slice(-10)) {
      console.log(`  nginx: ${line}`);
    }
  }
  check(
    failed.length === 0,
    `no request failed during ${ROUNDS * 2} restarts (${failed.length} failed of ${total})`,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from clients where id = any($1::int[])',
    [acknowledged],
  );
  await db.end();
  check(
    rows[0]?.n === acknowledged.length,
    `every acknowledged write is in the database (${rows[0]?.n} of ${acknowledged.length})`,
  );

  // 2. A forged X-Forwarded-For: nginx appends the real address, which is what counts.
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) {
    statuses.push((await signIn(`198.51.100.${i}`, 'not-the-password')).status);
  }
  check(
    statuses.at(-1) === 429,
    `forged X-Forwarded-For entries share the client's one sign-in limit (${statuses.join(', ')})`,
  );

  // 3. PostgreSQL stops: the 503 reaches the client; once it is back, so does every instance.
  if (cluster?.length === 2) {
    const [version = '', name = ''] = cluster;
    await run('pg_ctlcluster', ['--mode', 'immediate', version, name, 'stop'], { timeout: 30_000 });
    try {
      const outage = await fetch(`${baseUrl}/api/stylist/clients?page=1`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await outage.json().catch(() => null)) as { code?: string } | null;
      check(
        outage.status === 503 &&
          outage.headers.get('retry-after') !== null &&
          body?.code === 'UNAVAILABLE',
        `during the outage nginx passes the app's 503, its Retry-After and its JSON through (${outage.status}, retry-after ${outage.headers.get('retry-after')}, ${body?.code})`,
      );
    } finally {
      await run('pg_ctlcluster', [version, name, 'start'], { timeout: 30_000 });
    }
    const backAt = Date.now();
    const after: number[] = [];
    let servedAt = 0;
    while (Date.now() - backAt < 20_000 && after.length < 200) {
      const status = await fetch(`${baseUrl}/api/stylist/clients?page=1`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
      after.push(status);
      if (status === 200 && !servedAt) servedAt = Date.now();
      if (servedAt && Date.now() - servedAt > 1_000) break;
      await pause(50);
    }
    const sinceServed = after.slice(after.indexOf(200));
    check(
      servedAt > 0 && sinceServed.every((status) => status === 200),
      `after the outage every request answers 200 again, ${servedAt - backAt} ms after PostgreSQL started (${sinceServed.length} requests since, no 502)`,
    );
    check(
      !after.includes(502),
      `no 502 from nginx after the outage (${JSON.stringify(after.slice(0, 20))}…)`,
    );
  } else {
    console.log('skip the outage check: set TEST_PG_CLUSTER to the cluster DATABASE_URL is on');
  }

  for (const instance of instances.values()) instance.child.kill('SIGTERM');
  await Promise.all([...instances.values()].map((instance) => instance.exited));
  // SIGTERM: the master stops its workers before it exits.
  nginx.kill('SIGTERM');
  await nginxExited;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    failures.push('the run itself failed');
  })
  .finally(() => {
    clearTimeout(deadline);
    cleanUp();
    console.log(
      failures.length === 0
        ? 'behind nginx: all checks passed'
        : `behind nginx: ${failures.length} check(s) failed`,
    );
    process.exit(failures.length === 0 ? 0 : 1);
  });
