import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { BENCH_AUTH_SECRET } from './generate-data.ts';

/** Ends the run with how to start it when no PostgreSQL is given (these benches need one). */
export function requirePostgres(script: string): void {
  if (process.env.DATABASE_URL) return;
  console.error(
    `${script} needs PostgreSQL: set DATABASE_URL=postgres://… (its data is generated once and reused).\n` +
      'A throwaway PostgreSQL 15 for one run:\n' +
      `  pg_virtualenv -t -v 15 bash -c 'DATABASE_URL=postgres://$PGUSER:$PGPASSWORD@127.0.0.1:$PGPORT/$PGDATABASE npx tsx ${script}'`,
  );
  process.exit(1);
}

/**
 * Atelier as the API benches run it: the environment's database (DATABASE_URL), a scratch data
 * folder, no web build, quiet logs, and tokens that outlive every scenario however long DURATION
 * is. `close` stops it and removes the scratch folder.
 */
export async function buildBenchApp() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const config = loadConfig({
    AUTH_SECRET: BENCH_AUTH_SECRET,
    JWT_TTL_SECONDS: '86400',
    ...process.env,
    DATA_DIR: scratch,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    LOG_LEVEL: 'warn',
    PORT: '0',
  });
  const app = await buildApp(config, { logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
