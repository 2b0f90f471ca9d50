/**
 * Lints the API document the server generates (GET /api/docs/json) with Redocly's recommended
 * rules, and fails on any error or warning (issue 28):
 *
 *   npx tsx scripts/lint-api-doc.ts            (npm run test:api-doc)
 *
 * The app is built as the server builds it, on an in-memory database, and never listens. The
 * document is linted in a scratch folder as `openapi.json`, beside copies of `redocly.yaml` and
 * `.redocly.lint-ignore.yaml` from the repository root (the ignore file names the document by
 * that name, and holds the few findings that cannot apply, each with its reason).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-api-doc-'));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

async function generateDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A deployment's address: the document's `servers` is PUBLIC_URL, and the rules refuse localhost.
    PUBLIC_URL: 'https://atelier.test',
    API_DOCS: 'public',
    DATA_DIR: scratch,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const app = await buildApp(config, {
    database: await openDatabase({ kind: 'memory' }),
    logger: false,
  });
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
    return answer.json();
  } finally {
    await app.close();
  }
}

try {
  const file = path.join(scratch, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(await generateDocument(), null, 2));
  for (const name of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
    fs.copyFileSync(path.join(repoRoot, name), path.join(scratch, name));
  }
  const redocly = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const run = spawnSync(
    process.execPath,
    [redocly, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
    {
      cwd: scratch,
      encoding: 'utf8',
      timeout: 120_000,
      // Nothing leaves the machine: no usage report, no look for a newer version.
      env: {
        ...process.env,
        NO_COLOR: '1',
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
    },
  );
  if (run.error) throw run.error;
  let report: {
    totals: { errors: number; warnings: number; ignored: number };
    problems: Problem[];
  };
  try {
    report = JSON.parse(run.stdout) as typeof report;
  } catch {
    throw new Error(`redocly lint gave no report (exit ${run.status}):\n${run.stderr}`);
  }
  const { errors, warnings, ignored } = report.totals;
  for (const problem of report.problems) {
    if ((problem as { ignored?: boolean }).ignored) continue;
    const where = problem.location[0]?.pointer ?? '';
    process.stdout.write(`${problem.severity} ${problem.ruleId} ${where}\n  ${problem.message}\n`);
  }
  process.stdout.write(
    `API document (redocly lint, recommended): ${errors} errors, ${warnings} warnings, ${ignored} ignored (.redocly.lint-ignore.yaml)\n`,
  );
  process.exitCode = errors + warnings === 0 ? 0 : 1;
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
