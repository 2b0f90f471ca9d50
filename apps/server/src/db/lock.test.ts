import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

test('a second process on the same data directory is refused with a clear message', async () => {
  const dir = tempDir();
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    fs.writeFileSync(path.join(dir, 'atelier.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Atelier process (pid ${other.pid})`);
  } finally {
    other.kill();
  }
});

test('a lock left by a process that is gone is taken over, and released on unlock', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'atelier.lock'), '999999999');
  const unlock = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, 'atelier.lock'), 'utf8')).toBe(String(process.pid));
  unlock();
  expect(fs.existsSync(path.join(dir, 'atelier.lock'))).toBe(false);
});
