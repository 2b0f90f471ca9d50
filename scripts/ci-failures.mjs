// Prints what the runners in a CI step's log said of its failures, so that they are the last thing
// the step prints, after any log a wrapper adds on its way out (pg_virtualenv prints PostgreSQL's).
// Usage: node scripts/ci-failures.mjs <log>. Recognises Vitest's "Failed Tests" and "Unhandled
// Errors" sections, Playwright's numbered failures, TypeScript's and ESLint's errors, and the
// "FAIL" lines of e2e/scripts; when none is found it prints the log's last lines.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const MAX_LINES = 200;
// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour
const ansi = /\x1b\[[0-9;]*[A-Za-z]/g;

/** @param {string[]} lines @returns {string[]} */
export function failuresOf(lines) {
  const out = [];
  /** Copies lines from the first matching `start` until `stop` matches (exclusive). */
  const section = (/** @type {RegExp} */ start, /** @type {RegExp} */ stop) => {
    const from = lines.findIndex((line) => start.test(line));
    if (from < 0) return;
    const to = lines.findIndex((line, i) => i > from && stop.test(line));
    out.push(...lines.slice(from, to < 0 ? undefined : to));
  };
  section(/⎯ Failed Tests \d+ ⎯/, /^\s*Test Files\b|⎯ Unhandled Errors ⎯/);
  section(/⎯ Unhandled Errors ⎯/, /^\s*Test Files\b/);
  // Playwright: "  1) [desktop] › tests/a.spec.ts:3:1 › title ───" up to its summary.
  section(/^\s+1\) \[/, /^\s+\d+ passed\b|^\s+\d+ flaky\b/);
  for (const line of lines) {
    if (/error TS\d+:|^\s+\d+:\d+\s+error\s|^FAIL |^\s+\d+ failed$|^\[warn\] /.test(line))
      out.push(line);
  }
  return out.length > 0 ? out : ['(no failure section found; the log ends:)', ...lines.slice(-60)];
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/ci-failures.mjs <log>');
    process.exit(2);
  }
  const lines = readFileSync(file, 'utf8').replace(ansi, '').split('\n');
  const found = failuresOf(lines);
  console.log(found.slice(0, MAX_LINES).join('\n'));
  if (found.length > MAX_LINES) console.log(`… and ${found.length - MAX_LINES} more lines`);
}
