import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resetDemo } from './demo-reset.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder as a stopped embedded server leaves it. */
function stoppedDemo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-demo-'));
  dirs.push(dir);
  for (const sub of ['pg/base', 'files/photos', 'mail'])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.writeFileSync(path.join(dir, 'files/photos/a.jpg'), 'x');
  fs.writeFileSync(path.join(dir, 'auth-secret'), 's'.repeat(48));
  return dir;
}

test('wipes the embedded database, the files and the mail, and keeps the auth secret', () => {
  const dir = stoppedDemo();
  const wiped = resetDemo({ DATA_DIR: dir });
  expect(wiped.map((entry: string) => path.basename(entry)).sort()).toEqual([
    'files',
    'mail',
    'pg',
  ]);
  expect(fs.readdirSync(dir)).toEqual(['auth-secret']);
});

test('refuses in production, on PostgreSQL and while a server holds the folder, wiping nothing', () => {
  const dir = stoppedDemo();
  expect(() => resetDemo({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/production/);
  expect(() => resetDemo({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/atelier' })).toThrow(
    /embedded database only/,
  );
  fs.writeFileSync(path.join(dir, 'atelier.lock'), String(process.pid));
  expect(() => resetDemo({ DATA_DIR: dir })).toThrow(/is using .+: stop it first/);
  expect(fs.readdirSync(path.join(dir, 'files/photos'))).toEqual(['a.jpg']);
  // A lock left by a process that has ended holds nothing.
  fs.writeFileSync(path.join(dir, 'atelier.lock'), '999999999');
  expect(resetDemo({ DATA_DIR: dir })).toHaveLength(3);
});
