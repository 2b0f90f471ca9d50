import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The tests that spawn the server or the admin CLI run the compiled bundle, as `npm start` and
 * `npm run admin` do: it is built here when its sources changed (about a second), once per run.
 */
export default function buildServerIfChanged() {
  const build = path.resolve(import.meta.dirname, '../../scripts/build.mjs');
  execFileSync(process.execPath, [build, 'server'], { stdio: 'inherit', timeout: 60_000 });
}
