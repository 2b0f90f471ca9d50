/**
 * The server's memory under a burst of large uploads: its resident set (VmRSS in /proc) before,
 * at the peak during, and some seconds after COUNT concurrent uploads to the quote photo route,
 * each scenario on a fresh server process (the compiled bundle, on a fresh embedded database with
 * the demo data, signed in as the demo stylist). A figure to read, never an assertion.
 *
 *   npx tsx bench/upload-memory.ts          (COUNT=60 SIZE_MIB=16 AFTER_SECONDS=10 by default)
 *
 * Scenarios (SCENARIOS=a,b,c to choose):
 * - `length`: COUNT files of SIZE_MIB each, over the 15 MB limit, sent with a Content-Length;
 * - `chunked`: the same bodies sent without one (chunked), so only reading them finds them too large;
 * - `photos`: COUNT photos (a 4000 × 3000 JPEG of about 8 MiB) under the limit, accepted and
 *   re-encoded: what the image processing adds to the reading.
 * Settings the server reads (UPLOAD_CONCURRENCY …) are passed on from this environment.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort, spawnServer, waitForReady } from '../apps/server/src/test/processes.ts';
import { bearerFor } from './sign-in.ts';

const count = Number(process.env.COUNT ?? 60);
const sizeMiB = Number(process.env.SIZE_MIB ?? 16);
const afterSeconds = Number(process.env.AFTER_SECONDS ?? 10);
const scenarios = (process.env.SCENARIOS ?? 'length,chunked,photos').split(',');
const repoRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(repoRoot, 'apps/server/dist/server.js');
const uploadPath = '/api/stylist/white-glove-quotes/images';
const MiB = 1024 * 1024;

/** The process's resident set and its peak since the last reset, in MiB, from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

/** Resets the kernel's peak (VmHWM) to the present resident set; false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A photo-like JPEG of 4000 × 3000: softened noise, so that it stays large (about 8 MiB). */
async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let x = 2654435761;
  for (let i = 0; i < pixels.length; i += 4) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    pixels.writeUInt32LE(x, i);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 92 })
    .toBuffer();
}

type Body = () => { body: FormData | ReadableStream<Uint8Array>; headers: Record<string, string> };

/** A multipart body with one file part, streamed in 64 KiB chunks, so no Content-Length is sent. */
function chunkedForm(bytes: Buffer): ReturnType<Body> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pieces: Uint8Array[] = [head];
  for (let at = 0; at < bytes.length; at += 65536) pieces.push(bytes.subarray(at, at + 65536));
  pieces.push(tail);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(pieces[next++]!);
      else controller.close();
    },
  });
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function formWith(blob: Blob): ReturnType<Body> {
  const form = new FormData();
  form.append('image', blob, 'photo.jpg');
  return { body: form, headers: {} };
}

interface Result {
  name: string;
  statuses: Record<number | string, number>;
  seconds: number;
  before: number;
  peak: number;
  hwm: number | null;
  after: number;
}

async function run(name: string, bodies: Body[]): Promise<Result> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-upload-bench-'));
  const server = spawnServer([bundle], { PORT: String(port), DATA_DIR: dataDir }, repoRoot);
  try {
    await waitForReady(port, server.child);
    const pid = server.child.pid!;
    const address = `http://127.0.0.1:${port}`;
    const auth = await bearerFor(address, `http://localhost:${port}`, {
      email: 'demo@atelier.test',
      password: 'atelier-demo',
    });
    const send = async ({ body, headers }: ReturnType<Body>) => {
      try {
        const response = await fetch(`${address}${uploadPath}`, {
          method: 'POST',
          headers: { ...auth, ...headers },
          body,
          duplex: 'half',
        } as RequestInit);
        await response.arrayBuffer();
        return response.status;
      } catch (error) {
        return `error (${(error as Error).cause ?? (error as Error).message})`;
      }
    };
    // One of each first, so that the code on the way (the image library …) is loaded before.
    await send(bodies[0]!());
    await sleep(2_000);

    const before = memoryOf(pid).rss;
    const peakReset = resetPeak(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, memoryOf(pid).rss);
        await sleep(20);
      }
    })();
    const started = performance.now();
    const statuses = await Promise.all(bodies.map((body) => send(body())));
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const hwm = peakReset ? memoryOf(pid).hwm : null;
    await sleep(afterSeconds * 1000);
    const after = memoryOf(pid).rss;

    const tally: Record<string, number> = {};
    for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
    return { name, statuses: tally, seconds, before, peak: Math.max(peak, hwm ?? 0), hwm, after };
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}\n${server.output()}`, { cause: error });
  } finally {
    server.child.kill('SIGTERM');
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(killer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), 'server'], {
  stdio: 'inherit',
});

const oversized = Buffer.alloc(sizeMiB * MiB, 0x5a);
oversized.set([0xff, 0xd8, 0xff, 0xe0]);
const oversizedBlob = new Blob([oversized]);
const results: Result[] = [];
for (const scenario of scenarios) {
  if (scenario === 'length') {
    const bodies = Array.from({ length: count }, () => () => formWith(oversizedBlob));
    results.push(await run(`${count} × ${sizeMiB} MiB, with Content-Length`, bodies));
  } else if (scenario === 'chunked') {
    const bodies = Array.from({ length: count }, () => () => chunkedForm(oversized));
    results.push(await run(`${count} × ${sizeMiB} MiB, chunked`, bodies));
  } else if (scenario === 'photos') {
    const blob = new Blob([await photo()]);
    const bodies = Array.from({ length: count }, () => () => formWith(blob));
    const size = (blob.size / MiB).toFixed(1);
    results.push(await run(`${count} × photo 4000×3000 (${size} MiB)`, bodies));
  } else {
    throw new Error(`unknown scenario ${scenario} (length, chunked, photos)`);
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`.padStart(8);
console.log(
  `\n${os.cpus().length} cores; RSS of the server process (VmRSS), ${afterSeconds} s after the burst for "after"\n`,
);
console.log(
  `${'scenario'.padEnd(44)} ${'before'.padStart(8)} ${'peak'.padStart(8)} ${'after'.padStart(8)} ${'+peak'.padStart(8)} ${'+after'.padStart(8)}  time     answers`,
);
for (const row of results) {
  const answers = Object.entries(row.statuses)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  console.log(
    `${row.name.padEnd(44)} ${mb(row.before)} ${mb(row.peak)} ${mb(row.after)} ${mb(row.peak - row.before)} ${mb(row.after - row.before)}  ${row.seconds.toFixed(1).padStart(5)} s  ${answers}`,
  );
}
console.log('\n(MB here are MiB; the peak is the larger of 20 ms samples and the kernel’s VmHWM.)');
