import net from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed.ts';
import { startBanner } from './lib/start-banner.ts';

/** How long a stopping instance waits for connections it accepted to deliver their request. */
const ACCEPTED_CONNECTIONS_GRACE_MS = 500;

function isPortTaken(error: unknown): error is { port: number; address: string } {
  return (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
}

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // Stop accepting connections, but let those already accepted deliver their request first:
    // http.Server's own close() would also end the idle ones, among them a connection whose
    // request is still on its way, which a load balancer cannot retry when it is a POST (a 502).
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, ACCEPTED_CONNECTIONS_GRACE_MS));
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.seedDemoData) {
    const seeded = await seedDemoDataIfEmpty({
      db: app.database.db,
      auth: app.auth,
      storage: app.storage,
    });
    if (seeded) app.log.info('seeded demo data');
  }
  await app.listen({
    host: config.host,
    port: config.port,
    // Fastify names the socket (http://127.0.0.1:3000), where sign-in may not work: say where it does.
    listenTextResolver: (address) => `listening on ${address}; open ${config.publicUrl}`,
  });
  app.outbox.start();
  app.offerReminders.start();
  app.retention.start();
  console.log(startBanner(config));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (isPortTaken(error)) {
    console.error(
      `Port ${error.port} on ${error.address} is already in use by another program: stop it, or set PORT to a free port.`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
