import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Self time of a server's thread by who ran it, and its busiest functions, from the V8 CPU profile
 * it wrote on exit into `profileDir` (`node --cpu-prof --cpu-prof-dir=…`); `keepAs` keeps a copy.
 */
export function printProfile(profileDir: string, keepAs?: string) {
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${profileDir}`);
  if (keepAs) fs.copyFileSync(path.join(profileDir, file), keepAs);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const owners: [string, (frame: ProfileNode['callFrame']) => boolean][] = [
    ['idle', (f) => f.functionName === '(idle)'],
    ['PGlite (WebAssembly)', (f) => f.url.startsWith('wasm://')],
    ['PGlite (JavaScript)', (f) => f.url.includes('@electric-sql/pglite')],
    ['drizzle-orm', (f) => f.url.includes('drizzle-orm')],
    ['pg (node-postgres)', (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(f.url)],
    ['garbage collection', (f) => f.functionName === '(garbage collector)'],
    [
      'fastify and its plugins',
      (f) => /node_modules\/(@fastify|fastify|find-my-way|avvio|light-my-request)/.test(f.url),
    ],
    ['pino (logging)', (f) => f.url.includes('node_modules/pino')],
    ['zod', (f) => f.url.includes('node_modules/zod')],
    ['jose / better-auth', (f) => /node_modules\/(jose|better-auth|@better-auth)/.test(f.url)],
    ['Atelier (dist/server.js)', (f) => f.url.includes('dist/server.js')],
    ['other node_modules', (f) => f.url.includes('node_modules')],
    ['Node itself (sockets, streams, natives)', () => true],
  ];
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const owner = owners.find(([, test]) => test(frame))![0];
    const micros = profile.timeDeltas[i] ?? 0;
    totals.set(owner, (totals.get(owner) ?? 0) + micros);
    const line = frame.url.includes('dist/server.js') ? `:${frame.lineNumber + 1}` : '';
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}${line}`;
    functions.set(where, (functions.get(where) ?? 0) + micros);
    all += micros;
  });
  const busy = all - (totals.get('idle') ?? 0);
  console.log(
    `\nCPU profile of the server (self time; busy = ${(busy / 1e6).toFixed(1)} s of ${(all / 1e6).toFixed(1)} s):\n`,
  );
  console.log('| who | share of busy time |');
  console.log('|---|---|');
  for (const [owner, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (owner === 'idle') continue;
    console.log(`| ${owner} | ${((100 * micros) / busy).toFixed(1)} % |`);
  }
  console.log('\nThe busiest functions (self time):\n');
  const top = [...functions].filter(([where]) => !where.startsWith('(idle)'));
  for (const [where, micros] of top.sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${where}`);
  }
}
