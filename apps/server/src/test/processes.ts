import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port nothing listens on now, on loopback, for a server process a test or bench starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A server process (`node <args>`) quiet on loopback, with its output kept for assertions and
 * its exit code as a promise; `env` completes and overrides this process's environment.
 */
export function spawnServer(args: string[], env: Record<string, string>, cwd?: string) {
  const child = spawn(process.execPath, args, {
    ...(cwd && { cwd }),
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits for the server `child` runs on `port` to answer /health/ready with 200: at most
 * `attempts` tries `intervalMs` apart, and no longer than the child lives.
 */
export async function waitForReady(
  port: number,
  child: ChildProcess,
  { attempts = 150, intervalMs = 200 } = {},
): Promise<void> {
  for (let i = 0; i < attempts && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`the server on port ${port} did not become ready`);
}
