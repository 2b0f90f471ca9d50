import { isLoopbackHost } from './loopback.ts';

/** Names on which a server is reachable from this machine only. */
const isLocalOnly = (host: string) => isLoopbackHost(host) || host === '::1';

/**
 * What `npm start` prints once the server listens: the address where sign-in works (PUBLIC_URL,
 * never the socket's), the demo sign-ins, and a hint when PUBLIC_URL names another device's way
 * in (a LAN address) while the server listens on loopback only.
 */
export function startBanner(config: {
  publicUrl: string;
  host: string;
  seedDemoData: boolean;
  env?: string;
}) {
  const lines = [`  Atelier is running at ${config.publicUrl}`];
  if (isLocalOnly(config.host) && !isLoopbackHost(new URL(config.publicUrl).hostname)) {
    lines.push(
      `  It listens on ${config.host} only: set HOST=0.0.0.0 to reach it from other devices.`,
    );
  }
  if (config.seedDemoData && config.env === 'production') {
    // A demo deployment's logs are read by more people than its accounts are meant for.
    lines.push(
      '  Demo accounts are seeded (README, "Quick start"); their password is not printed here.',
    );
  } else if (config.seedDemoData) {
    lines.push(
      '  Demo stylist sign-in: demo@atelier.test / atelier-demo',
      '  Back office at /office: office@atelier.test (operations), authenticator@atelier.test, pricer@atelier.test / atelier-demo',
      '  Non-stylist account (for the stylist-only check): shopper@atelier.test / atelier-demo',
      '  Admin (back office API and CLI): admin@atelier.test / atelier-demo',
    );
  }
  return `\n${lines.join('\n')}\n`;
}
