import { ErrorBodySchema, I18nDocumentSchema, SnippetSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../app.ts';
import { contentTexts } from '../../db/schema.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

let app: App;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  const stylist = await createTestAccount(app);
  token = await tokenFor(app, stylist.email);
  await app.database.db.insert(contentTexts).values([
    { key: 'dashboard.noClients', value: 'Add your first client.' },
    { key: 'stylist.dashboard.noClients', value: 'Add your first client.' },
    { key: 'stylist.addClient.loginButton', value: 'Go to Dashboard' },
    { key: 'stylist.addClient.loginButton', locale: 'fr', value: 'Aller au tableau de bord' },
  ]);
});
afterAll(() => app.close());

function snippet(payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/snippets',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

describe('text content', () => {
  test('i18n answers every English text, keyed as stored', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/i18n',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(I18nDocumentSchema.parse(response.json())).toEqual({
      en: {
        'dashboard.noClients': 'Add your first client.',
        'stylist.dashboard.noClients': 'Add your first client.',
        'stylist.addClient.loginButton': 'Go to Dashboard',
      },
    });
  });

  test('a snippet is looked up under its category', async () => {
    const response = await snippet({ category: 'stylist', key: 'addClient.loginButton' });
    expect(response.statusCode).toBe(200);
    expect(SnippetSchema.parse(response.json())).toEqual({
      key: 'addClient.loginButton',
      value: 'Go to Dashboard',
    });
  });

  test('an unknown snippet answers 404 naming the key', async () => {
    const response = await snippet({ category: 'stylist', key: 'nothing.here' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: 'No text for stylist.nothing.here',
      code: 'NOT_FOUND',
    });
  });

  test('a category other than stylist, or no key, answers 400 under that field', async () => {
    for (const [payload, field] of [
      [{ category: 'admin', key: 'addClient.loginButton' }, 'category'],
      [{ key: 'addClient.loginButton' }, 'category'],
      [{ category: 'stylist', key: '  ' }, 'key'],
      [{ category: 'stylist' }, 'key'],
    ] as const) {
      const response = await snippet(payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(response.json()).errors ?? {})).toEqual([field]);
    }
  });

  test('both need a signed-in stylist', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/i18n' })).statusCode).toBe(401);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/snippets',
      payload: { category: 'stylist', key: 'addClient.loginButton' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
