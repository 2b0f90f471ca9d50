import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loggerOptions, type App } from '../app.ts';
import { outbox } from '../db/schema.ts';
import type { EmailMessage } from '../integrations/mail/mail.ts';
import { buildTestApp, createTestAccount, randomAddress, TEST_ORIGIN } from '../test/test-app.ts';

const logged: string[] = [];
let app: App;

beforeAll(async () => {
  app = await buildTestApp(
    { LOG_LEVEL: 'info' },
    {
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => logged.push(line) } },
    },
  );
});
afterAll(() => app.close());

const post = (url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload,
    remoteAddress: randomAddress(),
  });

test('a reset link never puts its token where a server or proxy log can read it', async () => {
  const stylist = await createTestAccount(app);
  expect(
    (await post('/api/auth/request-password-reset', { email: stylist.email })).statusCode,
  ).toBe(200);
  const [row] = await app.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${stylist.email}`);
  const text = (row?.payload as EmailMessage).text;
  const link = new URL(/(http\S+\/reset-password\S*)/.exec(text)![1]!);
  // In the fragment, which browsers never send: the page request holds no token.
  expect(link.search).toBe('');
  const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
  expect(token.length).toBeGreaterThan(10);

  // A link mailed before the move, opened as the browser would, and the page's POST.
  await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
  await app.inject({ method: 'GET', url: `/reset-password?lang=en&token=${token}&x=1` });
  const reset = await post('/api/auth/reset-password', {
    token,
    newPassword: 'velvet-lining-autumn-42',
  });
  expect(reset.statusCode).toBe(200);

  const lines = logged.join('\n');
  expect(lines).toContain('/reset-password?token=[token]');
  expect(lines).toContain('/reset-password?lang=en&token=[token]&x=1');
  expect(lines).not.toContain(token);
  expect(lines).not.toContain(encodeURIComponent(token));
});
