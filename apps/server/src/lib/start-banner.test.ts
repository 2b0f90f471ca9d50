import { expect, test } from 'vitest';
import { startBanner } from './start-banner.ts';

test('the banner names PUBLIC_URL and the demo sign-ins', () => {
  const banner = startBanner({
    publicUrl: 'http://localhost:3000',
    host: 'localhost',
    seedDemoData: true,
  });
  expect(banner).toContain('Atelier is running at http://localhost:3000\n');
  expect(banner).toContain('demo@atelier.test / atelier-demo');
  expect(banner).not.toContain('127.0.0.1');
  expect(banner).not.toContain('HOST=');
});

test('a LAN address as PUBLIC_URL on a loopback-only server gets the HOST hint, once', () => {
  const lan = { publicUrl: 'http://192.168.1.20:3000', seedDemoData: false };
  for (const host of ['localhost', '127.0.0.1', '::1']) {
    expect(startBanner({ ...lan, host })).toContain(
      'It listens on ' + host + ' only: set HOST=0.0.0.0 to reach it from other devices.',
    );
  }
  const open = startBanner({ ...lan, host: '0.0.0.0' });
  expect(open).toBe('\n  Atelier is running at http://192.168.1.20:3000\n');
});

test('in production the banner prints no password, even for a demo deployment', () => {
  const banner = startBanner({
    publicUrl: 'https://demo.atelier.example',
    host: '0.0.0.0',
    seedDemoData: true,
    env: 'production',
  });
  expect(banner).not.toContain('atelier-demo');
  expect(banner).toContain('their password is not printed here');
});
