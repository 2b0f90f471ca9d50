/**
 * `npm start`: refuses when this tree's Atelier already runs on PORT, before anything is built;
 * builds the web app and the server only where their sources changed since the last build; then
 * runs the compiled server with plain node, passing on signals and its exit code.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BuildRefusedError, buildIfChanged, stopBuilding } from './build.mjs';
import { StartLockedError, takeStartLock } from './start-lock.mjs';

const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
// The server's own default; a bad PORT is reported by the server's configuration check.
const port = /^\d+$/.test(process.env.PORT?.trim() ?? '') ? Number(process.env.PORT) : 3000;

let release = () => {};
/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
process.on('exit', () => release());
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (server) {
      server.kill(signal);
      return;
    }
    stopBuilding(signal);
    process.exit(128 + os.constants.signals[signal]);
  });
}

try {
  release = takeStartLock(port);
  await buildIfChanged(['web', 'server'], { log: console.log });
} catch (error) {
  const isRefusal = error instanceof StartLockedError || error instanceof BuildRefusedError;
  console.error(isRefusal ? error.message : error);
  process.exit(1);
}

server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { stdio: 'inherit' });
server.on('exit', (code, signal) => {
  process.exit(signal ? 128 + os.constants.signals[signal] : (code ?? 1));
});
