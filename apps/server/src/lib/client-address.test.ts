import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, createTestAccount, TEST_ORIGIN } from '../test/test-app.ts';

let app: App;
let email: string;

beforeAll(async () => {
  // One proxy hop, as behind the documented nginx.
  app = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_RATE_LIMIT_MAX: '3' });
  email = (await createTestAccount(app)).email;
});
afterAll(() => app.close());

/** A sign-in through the proxy: nginx appends the address it saw to what the client sent. */
const signInThroughProxy = (forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    payload: { email, password: 'not-the-password' },
    remoteAddress: '127.0.0.1',
  });

test('a forged X-Forwarded-For does not make a fresh address: the proxy’s own entry counts', async () => {
  const statuses = [];
  for (let i = 1; i <= 4; i += 1) {
    statuses.push((await signInThroughProxy(`198.51.100.${i}, 203.0.113.7`)).statusCode);
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
  // Another real client behind the same proxy has its own count.
  const other = await signInThroughProxy('198.51.100.9, 203.0.113.8');
  expect(other.statusCode).toBe(401);
});
