/**
 * Builds the web app (Vite, into apps/web/dist) and the server (esbuild, into apps/server/dist),
 * each only when its inputs changed since its last build:
 *
 *   node scripts/build.mjs [--force] [web] [server]     (both when neither is named)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { otherLiveStarts } from './start-lock.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Written into each dist/ after a successful build: the fingerprint of the inputs it was built from. */
const STAMP = '.build-stamp';

const shared = [
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/**
 * @typedef {object} Target
 * @property {string} label
 * @property {string} dist where the build writes, and its stamp
 * @property {string[]} inputs files or folders, relative to the repository
 * @property {() => Promise<void>} build
 */

/**
 * Each build's inputs: a change to any file in them, tests aside, calls for a new build.
 * @type {Record<'web' | 'server', Target>}
 */
export const targets = {
  web: {
    label: 'the web app',
    dist: path.join(repoRoot, 'apps/web/dist'),
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'scripts/build.mjs',
      ...shared,
    ],
    build: buildWeb,
  },
  server: {
    label: 'the server',
    dist: path.join(repoRoot, 'apps/server/dist'),
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'scripts/build.mjs',
      ...shared,
    ],
    build: buildServer,
  },
};

export class BuildRefusedError extends Error {
  /** @override */
  name = 'BuildRefusedError';
}

/**
 * Test files and hidden files (editor swap files, .DS_Store) never reach a build.
 * @param {string} name
 */
function isInput(name) {
  return !name.startsWith('.') && !/\.test\.[cm]?[jt]sx?$/.test(name);
}

/**
 * @param {string} relative
 * @returns {string[]}
 */
function listFiles(relative) {
  const absolute = path.join(repoRoot, relative);
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isInput(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

/**
 * sha256 over every input's path and content. Contents, not modification times: a checkout or a
 * copy that touches files without changing them does not rebuild, and an edit always does.
 * About 3.5 MB in 450 files, hashed in tens of milliseconds.
 * @param {Target} target
 */
export function fingerprint(target) {
  const hash = createHash('sha256');
  const files = target.inputs.flatMap(listFiles).sort();
  for (const file of files) {
    const content = fs.readFileSync(path.join(repoRoot, file));
    hash.update(`${file.split(path.sep).join('/')}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** @param {Target} target */
function stampOf(target) {
  try {
    return fs.readFileSync(path.join(target.dist, STAMP), 'utf8').trim();
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The build process running now, for a caller stopped by a signal to stop it too.
 * @type {import('node:child_process').ChildProcess | null}
 */
let activeBuild = null;

/** @param {NodeJS.Signals} signal */
export function stopBuilding(signal) {
  activeBuild?.kill(signal);
}

/**
 * Runs a node script to its end, its output on this process's.
 * @param {string} what the step, for the error when it fails
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<void>}
 */
function runNode(what, args, cwd, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
    activeBuild = child;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      activeBuild = null;
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function buildWeb() {
  const webRequire = createRequire(path.join(repoRoot, 'apps/web/package.json'));
  const vite = path.join(path.dirname(webRequire.resolve('vite/package.json')), 'bin/vite.js');
  await runNode(
    'vite build',
    [vite, 'build', '--logLevel', 'warn'],
    path.join(repoRoot, 'apps/web'),
    // Always the production build: a build started under a test runner (NODE_ENV=test, inherited
    // by `npm start` spawned from a test) would otherwise bundle React's development build, which
    // is twice the size and slower, and the stamp would keep it for every later start.
    { ...process.env, NODE_ENV: 'production' },
  );
}

/**
 * npm packages stay imports, resolved from node_modules at run time like under tsx; the
 * workspace's own packages (@atelier/contract exports TypeScript source) are bundled.
 */
/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildServer() {
  const serverRequire = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const esbuild = serverRequire('esbuild');
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: { server: 'apps/server/src/server.ts', admin: 'apps/server/src/cli/admin.ts' },
    outdir: 'apps/server/dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: true,
    // Node maps stack traces from positions alone; the sources stay in src/.
    sourcesContent: false,
    keepNames: true,
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(targets.server.dist, { recursive: true });
  // Each file is replaced whole (write, then rename): a server starting meanwhile reads the old
  // file or the new one, never half of one.
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

/** @param {{ pid: number, port: number }[]} starts */
function describeStarts(starts) {
  return starts.map(({ pid, port }) => `port ${port} (pid ${pid})`).join(', ');
}

/**
 * Builds each named target whose inputs differ from its stamp (every one with `force`), and
 * returns the names of those it built. The web build empties apps/web/dist first, so it is
 * refused while another start of this tree serves it.
 * @param {('web' | 'server')[]} names
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 */
export async function buildIfChanged(names, { force = false, log = console.error } = {}) {
  const built = [];
  for (const name of names) {
    const target = targets[name];
    const inputs = fingerprint(target);
    if (!force && stampOf(target) === inputs) continue;
    const running = name === 'web' ? otherLiveStarts() : [];
    if (running.length > 0) {
      throw new BuildRefusedError(
        `Cannot build ${target.label}: Atelier runs from this folder on ${describeStarts(running)} ` +
          `and serves the current build. Stop it first. Nothing was built or changed.`,
      );
    }
    log(`Building ${target.label}…`);
    const started = performance.now();
    fs.rmSync(path.join(target.dist, STAMP), { force: true });
    await target.build();
    fs.writeFileSync(path.join(target.dist, STAMP), `${inputs}\n`);
    log(`Built ${target.label} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    built.push(name);
  }
  return built;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !['--force', 'web', 'server'].includes(arg));
  if (unknown.length > 0) {
    console.error(
      `Unknown argument: ${unknown.join(' ')}\nUsage: node scripts/build.mjs [--force] [web] [server]`,
    );
    process.exit(2);
  }
  const named = /** @type {('web' | 'server')[]} */ (args.filter((arg) => arg !== '--force'));
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      stopBuilding(signal);
      process.exit(1);
    });
  }
  try {
    await buildIfChanged(named.length > 0 ? named : ['web', 'server'], {
      force: args.includes('--force'),
    });
  } catch (error) {
    console.error(error instanceof BuildRefusedError ? error.message : error);
    process.exit(1);
  }
}
