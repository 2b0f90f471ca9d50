import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CLIENT_PAGE_ROUTES,
  EraseClientAnswerSchema,
  ErrorBodySchema,
  HUB_ROUTE,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { App } from '../../app.ts';
import { runAdminCommand } from '../../cli/admin-commands.ts';
import { ClientDataUsageError } from '../../cli/client-data-commands.ts';
import {
  auditLog,
  clientMessages,
  clients,
  commissions,
  fileDeletions,
  images,
  notifications,
  outbox,
  quoteStatusHistory,
  rateLimitHits,
  shipments,
  users,
} from '../../db/schema.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { insertClients, insertImage, insertQuote, insertShipment } from '../../test/fixtures.ts';
import { startS3 } from '../../test/s3.ts';
import {
  buildTestApp,
  createTestAccount,
  randomAddress,
  TEST_ORIGIN,
  tokenFor,
} from '../../test/test-app.ts';
import { readZip } from '../../test/zip.ts';
import { createAccessLink } from '../links/index.ts';
import { CLIENT_ERASE_AUDIT } from './erase-client.service.ts';

const JPEG = Buffer.from('ffd8ffe000104a46494600', 'hex');

/** A client with everything a client can have: files, quote, sale, links, messages, mail. */
async function seedClient(app: App, stylistId: number, firstName: string, lastName: string) {
  const db = app.database.db;
  const [client] = await insertClients(db, stylistId, [
    {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${crypto.randomBytes(3).toString('hex')}@clients.test`,
      phone: '(555) 123-4567',
    },
  ]);
  const clientId = client!.id;
  const tag = crypto.randomBytes(4).toString('hex');
  const thumbnailKey = `client-thumbnails/${tag}.jpg`;
  await app.storage.put(thumbnailKey, Buffer.concat([JPEG, Buffer.from(tag)]), 'image/jpeg');
  await db
    .update(clients)
    .set({
      thumbnailUrl: app.storage.pathOf(thumbnailKey),
      comment: `Likes ${firstName}'s red bags`,
    })
    .where(eq(clients.id, clientId));
  const quoteId = await insertQuote(db, { stylistId, clientId, commentToCustomer: 'Lovely piece' });
  const imageId = await insertImage(db, { stylistId, quoteId });
  const [image] = await db.select().from(images).where(eq(images.id, imageId));
  await app.storage.put(image!.storageKey, Buffer.from(`photo ${tag}`), 'image/webp');
  await app.storage.put(image!.thumbnailKey, Buffer.from(`thumb ${tag}`), 'image/webp');
  const shipmentId = await insertShipment(db, { stylistId, clientId });
  const shipmentKeys = {
    labelKey: `labels/${tag}.pdf`,
    signatureKey: `signatures/${tag}.png`,
    receiptKey: `receipts/${tag}.pdf`,
  };
  for (const key of Object.values(shipmentKeys)) {
    await app.storage.put(key, Buffer.from(`%PDF ${key}`), 'application/pdf');
  }
  await db.update(shipments).set(shipmentKeys).where(eq(shipments.id, shipmentId));
  await db.insert(commissions).values({
    stylistId,
    clientId,
    quoteId,
    productId: `P-${tag}`,
    productName: 'Chanel Flap bag',
    brand: 'Chanel',
    titleWithoutBrand: 'Flap bag',
    amountCents: 120_00,
    purchasePriceCents: 900_00,
  });
  await db.insert(quoteStatusHistory).values({
    quoteId,
    toStatus: 'pending_authentication',
    actorKind: 'client',
    note: `${firstName} says hi`,
  });
  const hubToken = await createAccessLink(db, { clientId, purpose: 'hub', ttlDays: 30 });
  const curatedToken = await createAccessLink(db, {
    clientId,
    purpose: 'client-response',
    ttlDays: 30,
  });
  await db
    .insert(clientMessages)
    .values({ quoteId, kind: 'question', text: `Is it real? ${firstName}` });
  await db.insert(notifications).values({
    stylistId,
    kind: 'client_message',
    text: `${firstName} ${lastName} asked about Test bag`,
    link: `/quotes/pickup/${clientId}`,
  });
  // "Send me a new link": a counter kept under the client's address, and a mail to them.
  const newLink = await app.inject({
    method: 'POST',
    url: `/api/client/${HUB_ROUTE}/new-link`,
    payload: { email: client!.email },
    remoteAddress: randomAddress(),
  });
  expect(newLink.statusCode).toBe(202);
  await enqueueEmail(db, {
    to: client!.email,
    subject: `Your offers, ${firstName}`,
    text: `Dear ${firstName} ${lastName}`,
  });
  const files = [
    thumbnailKey,
    image!.storageKey,
    image!.thumbnailKey,
    ...Object.values(shipmentKeys),
  ];
  return { clientId, email: client!.email, quoteId, hubToken, curatedToken, files, tag };
}

describe.each(['local', 's3'] as const)('client data on %s storage', (storageKind) => {
  let app: App;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let adminToken: string;
  let stylistToken: string;
  let stylistId: number;

  beforeAll(async () => {
    if (storageKind === 's3') s3 = await startS3();
    app = await buildTestApp(s3?.env ?? {});
    adminToken = await tokenFor(app, (await createTestAccount(app, { role: 'admin' })).email);
    const stylist = await createTestAccount(app);
    stylistId = stylist.stylistId!;
    stylistToken = await tokenFor(app, stylist.email);
  });
  afterAll(async () => {
    await app.close();
    await s3?.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, token = adminToken) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const exportOf = (clientId: number, token?: string) =>
    call('GET', `/api/admin/clients/${clientId}/export`, token);
  const erase = (clientId: number, token?: string) =>
    call('POST', `/api/admin/clients/${clientId}/erase`, token);

  test('a stylist is refused (403) and an unknown client is 404, in the error shape', async () => {
    const seeded = await seedClient(app, stylistId, 'Mina', 'Stylists');
    for (const response of [
      await exportOf(seeded.clientId, stylistToken),
      await erase(seeded.clientId, stylistToken),
      await call('GET', '/api/admin/audit', stylistToken),
    ]) {
      expect(response.statusCode).toBe(403);
      ErrorBodySchema.parse(response.json());
    }
    for (const response of [await exportOf(999_999), await erase(999_999)]) {
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
    }
    // Nothing was erased by the refused calls.
    const [row] = await app.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, seeded.clientId));
    expect(row!.erasedAt).toBeNull();
    expect(row!.firstName).toBe('Mina');
  });

  test('the export is a zip of client.json and every file of the client', async () => {
    const seeded = await seedClient(app, stylistId, 'Olga', 'Export');
    const response = await exportOf(seeded.clientId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = readZip(response.rawPayload);
    const document = JSON.parse(entries.get('client.json')!.toString('utf8'));
    expect(document.client).toMatchObject({
      id: seeded.clientId,
      firstName: 'Olga',
      email: seeded.email,
      phone: '(555) 123-4567',
    });
    expect(document.account.email).toBe(seeded.email);
    expect(document.quotes).toHaveLength(1);
    expect(document.quotes[0].statusHistory[0].note).toBe('Olga says hi');
    expect(document.quotes[0].clientMessages[0].text).toBe('Is it real? Olga');
    expect(document.commissions[0]).toMatchObject({
      productName: 'Chanel Flap bag',
      amountCents: 120_00,
    });
    expect(document.accessLinks.map((link: { purpose: string }) => link.purpose).sort()).toEqual([
      'client-response',
      'hub',
      'hub',
    ]);
    expect(JSON.stringify(document.accessLinks)).not.toMatch(/token/i);
    expect(document.notifications[0].text).toContain('Olga Export');
    expect(document.emails.map((email: { subject: string }) => email.subject)).toContain(
      'Your offers, Olga',
    );
    expect(document.missingFiles).toEqual([]);
    for (const key of seeded.files) {
      const stored = await app.storage.get(key);
      expect(entries.get(`files/${key}`)?.equals(stored!.body), key).toBe(true);
    }
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.export'),
          eq(auditLog.subject, `client:${seeded.clientId}`),
        ),
      );
    expect(audit).toBeDefined();
  });

  test('erasing removes the person and their files, keeps the money under a stand-in name, ends the links', async () => {
    const db = app.database.db;
    const seeded = await seedClient(app, stylistId, 'Vera', 'Erase');
    const other = await seedClient(app, stylistId, 'Kept', 'Client');
    expect((await call('GET', `/api/client/${HUB_ROUTE}/${seeded.hubToken}`, '')).statusCode).toBe(
      200,
    );

    const response = await erase(seeded.clientId);
    expect(response.statusCode).toBe(200);
    const answer = EraseClientAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({
      erasedNow: true,
      filesDeleted: seeded.files.length,
      filesPending: 0,
    });

    for (const url of [
      `/api/client/${HUB_ROUTE}/${seeded.hubToken}`,
      `/api/client/${CLIENT_PAGE_ROUTES.curated}/${seeded.curatedToken}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const key of seeded.files) expect(await app.storage.get(key), key).toBeNull();
    for (const key of other.files) expect(await app.storage.get(key), key).not.toBeNull();

    const [client] = await db.select().from(clients).where(eq(clients.id, seeded.clientId));
    expect(client).toMatchObject({
      firstName: 'Erased client',
      lastName: `#${seeded.clientId}`,
      phone: '',
      address: '',
      comment: '',
      thumbnailUrl: null,
    });
    expect(client!.email).not.toContain('vera');
    const [account] = await db.select().from(users).where(eq(users.id, client!.userId));
    expect(`${account!.name} ${account!.email}`).not.toMatch(/vera/i);
    expect(await db.select().from(fileDeletions)).toEqual([]);

    // The sale stays, and the stylist's list names the client by the stand-in.
    const sales = await db
      .select()
      .from(commissions)
      .where(eq(commissions.clientId, seeded.clientId));
    expect(sales).toHaveLength(1);
    const list = await call('GET', '/api/stylist/commissions', stylistToken);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`Erased client #${seeded.clientId}`);
    expect(list.body).not.toContain('Vera');

    // Nothing left that names or quotes the client; the other client's rows stay.
    const everything = JSON.stringify([
      await db.select().from(notifications),
      await db.select().from(outbox),
      await db.select().from(clientMessages),
      await db.select().from(quoteStatusHistory),
      await db.select().from(auditLog),
      await db.select().from(rateLimitHits),
    ]);
    expect(everything).not.toMatch(/Vera/);
    expect(everything).not.toContain(seeded.email);
    expect(everything).toContain('Kept Client');
    expect(await db.select().from(images).where(eq(images.quoteId, seeded.quoteId))).toEqual([]);
    expect(await db.select().from(images).where(eq(images.quoteId, other.quoteId))).toHaveLength(1);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, CLIENT_ERASE_AUDIT),
          eq(auditLog.subject, `client:${seeded.clientId}`),
        ),
      );
    expect(audit!.detail).toMatchObject({ files: seeded.files.length, linksRevoked: 3 });

    // Again: nothing more to do, and the same success.
    const again = EraseClientAnswerSchema.parse((await erase(seeded.clientId)).json());
    expect(again).toMatchObject({ erasedNow: false, erasedAt: answer.erasedAt, filesPending: 0 });
  });

  test('storage failing after the commit leaves the erasure recorded; a retry or the sweep finishes it', async () => {
    const db = app.database.db;
    const first = await seedClient(app, stylistId, 'Nora', 'Retry');
    const second = await seedClient(app, stylistId, 'Ines', 'Sweep');
    const failing = vi.spyOn(app.storage, 'delete').mockRejectedValue(new Error('storage is down'));
    try {
      for (const seeded of [first, second]) {
        const answer = EraseClientAnswerSchema.parse((await erase(seeded.clientId)).json());
        expect(answer).toMatchObject({
          erasedNow: true,
          filesDeleted: 0,
          filesPending: seeded.files.length,
        });
      }
      // The database part is whole: the person is gone, every file is recorded to delete.
      const [row] = await db.select().from(clients).where(eq(clients.id, first.clientId));
      expect(row!.firstName).toBe('Erased client');
      const pending = await db.select().from(fileDeletions);
      expect(pending.map((file) => file.key).sort()).toEqual(
        [...first.files, ...second.files].sort(),
      );
      for (const key of first.files) expect(await app.storage.get(key)).not.toBeNull();
    } finally {
      failing.mockRestore();
    }
    const retried = EraseClientAnswerSchema.parse((await erase(first.clientId)).json());
    expect(retried).toMatchObject({
      erasedNow: false,
      filesDeleted: first.files.length,
      filesPending: 0,
    });
    for (const key of first.files) expect(await app.storage.get(key)).toBeNull();
    // The background sweep finishes the other.
    expect((await app.retention.sweep()).filesDeleted).toBe(second.files.length);
    for (const key of second.files) expect(await app.storage.get(key)).toBeNull();
    expect(await db.select().from(fileDeletions)).toEqual([]);
  });

  test('two erasures of one client at once: one erases, the other finds it erased', async () => {
    const seeded = await seedClient(app, stylistId, 'Dora', 'Twice');
    const answers = (await Promise.all([erase(seeded.clientId), erase(seeded.clientId)])).map(
      (response) => EraseClientAnswerSchema.parse(response.json()),
    );
    expect(answers.map((answer) => answer.erasedNow).sort()).toEqual([false, true]);
    expect(answers[0]!.erasedAt).toBe(answers[1]!.erasedAt);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, CLIENT_ERASE_AUDIT),
          eq(auditLog.subject, `client:${seeded.clientId}`),
        ),
      );
    expect(audits).toHaveLength(1);
    for (const key of seeded.files) expect(await app.storage.get(key), key).toBeNull();
  });

  test('the CLI exports to a file, asks for --yes before erasing, and erases', async () => {
    const seeded = await seedClient(app, stylistId, 'Cleo', 'Command');
    const run = (argv: string[]) =>
      runAdminCommand(argv, {
        db: app.database.db,
        auth: app.auth,
        publicUrl: TEST_ORIGIN,
        storage: app.storage,
      });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-export-'));
    const out = path.join(dir, 'cleo.zip');
    try {
      expect(await run(['export-client', String(seeded.clientId), '--out', out])).toMatch(
        /^Exported client #\d+ to .*cleo\.zip/,
      );
      const entries = readZip(fs.readFileSync(out));
      expect(JSON.parse(entries.get('client.json')!.toString()).client.firstName).toBe('Cleo');
      expect(entries.size).toBe(1 + seeded.files.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await expect(run(['erase-client', String(seeded.clientId)])).rejects.toThrow(
      ClientDataUsageError,
    );
    const [kept] = await app.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, seeded.clientId));
    expect(kept!.firstName).toBe('Cleo');
    expect(await run(['erase-client', String(seeded.clientId), '--yes'])).toBe(
      `Erased client #${seeded.clientId}; ${seeded.files.length} files deleted.`,
    );
    expect(await run(['erase-client', String(seeded.clientId), '--yes'])).toMatch(
      /^Client #\d+ was erased already .*; 0 files deleted\.$/,
    );
    const trail = await run(['audit', '--since', '2000-01-01', '--limit', '500']);
    expect(trail).toContain(`command line: client.erase client:${seeded.clientId}`);
  });
});
