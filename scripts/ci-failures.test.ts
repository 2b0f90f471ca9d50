import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const script = join(import.meta.dirname, 'ci-failures.mjs');

/** What `node scripts/ci-failures.mjs <log>` prints for a log with these contents. */
function failuresIn(log: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ci-failures-'));
  try {
    writeFileSync(join(dir, 'step.log'), log);
    const run = spawnSync(process.execPath, [script, join(dir, 'step.log')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a real Vitest failure is printed with its assertion, and the log a wrapper adds after it is not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ci-failures-vitest-'));
  try {
    writeFileSync(
      join(dir, 'sample.test.ts'),
      [
        "import { expect, test } from 'vitest';",
        "test('adds up', () => { expect(1 + 1).toBe(2); });",
        "test('the total matches the statement', () => { expect(40 + 1).toBe(42); });",
      ].join('\n'),
    );
    // Both streams into one file, in the order written, as `2>&1 | tee` keeps them in CI.
    const log = openSync(join(dir, 'vitest.log'), 'w');
    const vitest = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../node_modules/vitest/vitest.mjs'), 'run', '--root', dir],
      { stdio: ['ignore', log, log], env: { ...process.env, FORCE_COLOR: '1' } },
    );
    closeSync(log);
    expect(vitest.status).toBe(1);
    const printed = failuresIn(
      `${readFileSync(join(dir, 'vitest.log'), 'utf8')}\n2026-11-27 UTC [1] LOG:  checkpoint complete\n`,
    );
    expect(printed).toContain('the total matches the statement');
    expect(printed).toContain('expected 41 to be 42');
    expect(printed).not.toContain('checkpoint');
    expect(printed).not.toContain('\x1b[');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the FAIL lines of e2e/scripts and a failed Playwright summary are printed', () => {
  const printed = failuresIn(
    [
      'ok   during the outage nginx passes the app 503 through',
      'FAIL no 502 from nginx after the outage ([200,502])',
      '  1) [desktop] › tests/pickup.spec.ts:10:1 › a pickup is signed ───',
      '    Error: expect(locator).toBeVisible() failed',
      '  1 failed',
      '  40 passed (3.1m)',
    ].join('\n'),
  );
  expect(printed).toContain('FAIL no 502 from nginx after the outage');
  expect(printed).toContain('a pickup is signed');
  expect(printed).toContain('toBeVisible() failed');
  expect(printed).not.toContain('ok   during the outage');
});

test('a log without a failure section ends with its last lines', () => {
  const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
  const printed = failuresIn(lines.join('\n'));
  expect(printed).toContain('no failure section found');
  expect(printed).toContain('line 99');
  expect(printed).not.toContain('line 10\n');
});
