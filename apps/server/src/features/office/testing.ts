import { insertClients } from '../../test/fixtures.ts';
import { buildTestApp, createTestAccount, tokenFor } from '../../test/test-app.ts';

/** The people the office tests act as: a stylist and one of each office role. */
export const OFFICE_TEST_ROLES = ['stylist', 'operations', 'authenticator', 'pricer'] as const;
export type OfficeTestRole = (typeof OFFICE_TEST_ROLES)[number];

/**
 * What the office tests share: an app, a stylist with one client (Margaux Dubois), and a signed-in
 * member of each office role, named after it ("authenticator Person").
 */
export async function buildOfficeWorld() {
  const app = await buildTestApp();
  const tokens = {} as Record<OfficeTestRole, string>;
  const userIds = {} as Record<OfficeTestRole, string>;
  let stylistId: number | null = null;
  for (const role of OFFICE_TEST_ROLES) {
    const account = await createTestAccount(app, { role, firstName: role, lastName: 'Person' });
    tokens[role] = await tokenFor(app, account.email);
    userIds[role] = account.userId;
    if (role === 'stylist') stylistId = account.stylistId;
  }
  if (stylistId === null) throw new Error('test setup made no stylist');
  const [client] = await insertClients(app.database.db, stylistId, [
    { firstName: 'Margaux', lastName: 'Dubois' },
  ]);
  if (!client) throw new Error('test setup made no client');
  return { app, tokens, userIds, stylistId, clientId: client.id };
}
