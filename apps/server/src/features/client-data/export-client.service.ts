import { CLIENT_EXPORT_VERSION } from '@atelier/contract';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  auditLog,
  clientAnswers,
  clientMessages,
  clients,
  commissionStatuses,
  commissions,
  images,
  notifications,
  outbox,
  quoteOffers,
  quoteStatusHistory,
  quotes,
  shipments,
  users,
} from '../../db/schema.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { createZip, type ZipEntry } from '../../lib/zip.ts';
import { clientAuditSubject } from '../clients/client-login.service.ts';
import { notificationsAboutClient, storedKeyOf } from './client-data-scope.ts';
import type { EraseActor } from './erase-client.service.ts';

export const CLIENT_EXPORT_AUDIT = 'client.export';

/** Where a stored file sits in the archive. */
const archivePath = (key: string) => `files/${key}`;

const { searchText: _searchText, ...clientColumns } = getTableColumns(clients);
const { tokenHash: _tokenHash, ...linkColumns } = getTableColumns(accessLinks);

/** Everything Atelier holds about one client, as the rows hold it (dates ISO 8601, money cents). */
async function collectClientData(db: Db, clientId: number) {
  const [client] = await db.select(clientColumns).from(clients).where(eq(clients.id, clientId));
  if (!client) throw AppError.notFound('Client');
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, client.userId));
  const quoteRows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.clientId, clientId))
    .orderBy(asc(quotes.id));
  const quoteIds = quoteRows.map((row) => row.id);
  const ofQuotes = <T>(load: (ids: number[]) => Promise<T[]>) =>
    quoteIds.length === 0 ? Promise.resolve([] as T[]) : load(quoteIds);
  const [offers, history, messages, answers, photos] = await Promise.all([
    ofQuotes((ids) => db.select().from(quoteOffers).where(inArray(quoteOffers.quoteId, ids))),
    ofQuotes((ids) =>
      db
        .select()
        .from(quoteStatusHistory)
        .where(inArray(quoteStatusHistory.quoteId, ids))
        .orderBy(asc(quoteStatusHistory.id)),
    ),
    ofQuotes((ids) =>
      db
        .select()
        .from(clientMessages)
        .where(inArray(clientMessages.quoteId, ids))
        .orderBy(asc(clientMessages.id)),
    ),
    ofQuotes((ids) => db.select().from(clientAnswers).where(inArray(clientAnswers.quoteId, ids))),
    ofQuotes((ids) =>
      db
        .select()
        .from(images)
        .where(inArray(images.quoteId, ids))
        .orderBy(asc(images.quoteId), asc(images.position)),
    ),
  ]);
  const byQuote = <T extends { quoteId: number | null }>(rows: T[], quoteId: number) =>
    rows.filter((row) => row.quoteId === quoteId);
  const [shipmentRows, sales, links, notes, emails] = await Promise.all([
    db.select().from(shipments).where(eq(shipments.clientId, clientId)).orderBy(asc(shipments.id)),
    db
      .select()
      .from(commissions)
      .where(eq(commissions.clientId, clientId))
      .orderBy(asc(commissions.id)),
    db
      .select(linkColumns)
      .from(accessLinks)
      .where(eq(accessLinks.clientId, clientId))
      .orderBy(asc(accessLinks.id)),
    db
      .select()
      .from(notifications)
      .where(notificationsAboutClient(clientId))
      .orderBy(asc(notifications.id)),
    db
      .select({
        id: outbox.id,
        to: sql<string | null>`${outbox.payload} ->> 'to'`,
        subject: sql<string | null>`${outbox.payload} ->> 'subject'`,
        text: sql<string | null>`${outbox.payload} ->> 'text'`,
        createdAt: outbox.createdAt,
        deliveredAt: outbox.deliveredAt,
        failedAt: outbox.failedAt,
      })
      .from(outbox)
      .where(sql`lower(${outbox.payload} ->> 'to') = lower(${client.email})`)
      .orderBy(asc(outbox.id)),
  ]);
  const saleStatuses =
    sales.length === 0
      ? []
      : await db
          .select()
          .from(commissionStatuses)
          .where(
            inArray(
              commissionStatuses.commissionId,
              sales.map((sale) => sale.id),
            ),
          )
          .orderBy(asc(commissionStatuses.id));
  const subjects = [
    clientAuditSubject(clientId),
    `clientId=${clientId}`,
    ...quoteIds.map((id) => `quoteId=${id}`),
  ];
  const audit = await db
    .select()
    .from(auditLog)
    .where(inArray(auditLog.subject, subjects))
    .orderBy(asc(auditLog.id));

  const fileKeys = [
    storedKeyOf(client.thumbnailUrl),
    ...photos.flatMap((photo) => [photo.storageKey, photo.thumbnailKey]),
    ...shipmentRows.flatMap((row) => [
      row.labelKey,
      row.shiplistKey,
      row.signatureKey,
      row.receiptKey,
    ]),
  ].filter((key): key is string => key !== null);

  return {
    data: {
      client,
      account: account ?? null,
      quotes: quoteRows.map((quote) => ({
        ...quote,
        offers: byQuote(offers, quote.id),
        statusHistory: byQuote(history, quote.id),
        clientMessages: byQuote(messages, quote.id),
        clientAnswer: byQuote(answers, quote.id)[0] ?? null,
      })),
      images: photos,
      shipments: shipmentRows,
      commissions: sales.map((sale) => ({
        ...sale,
        statuses: saleStatuses.filter((status) => status.commissionId === sale.id),
      })),
      accessLinks: links,
      notifications: notes,
      emails,
      audit,
    },
    fileKeys: [...new Set(fileKeys)],
  };
}

/**
 * One client's data as a zip (docs/decisions/0030): `client.json` and their stored files under
 * `files/`. Reading a client's whole record is audited like a change.
 */
export async function exportClient(
  db: Db,
  actor: EraseActor,
  input: { clientId: number },
  deps: { storage: Pick<ObjectStore, 'get'> },
): Promise<{ filename: string; zip: Buffer }> {
  const { data, fileKeys } = await collectClientData(db, input.clientId);
  const entries: ZipEntry[] = [];
  const files: { key: string; path: string }[] = [];
  const missingFiles: string[] = [];
  for (const key of fileKeys) {
    const file = await deps.storage.get(key);
    if (!file) {
      missingFiles.push(key);
      continue;
    }
    entries.push({ name: archivePath(key), body: file.body });
    files.push({ key, path: archivePath(key) });
  }
  const exportedAt = new Date();
  const document = {
    format: CLIENT_EXPORT_VERSION,
    exportedAt,
    ...data,
    files,
    missingFiles,
  };
  entries.unshift({ name: 'client.json', body: Buffer.from(JSON.stringify(document, null, 2)) });
  await writeAudit(db, {
    actorUserId: actor.userId,
    action: CLIENT_EXPORT_AUDIT,
    subject: clientAuditSubject(input.clientId),
    detail: { files: files.length, missingFiles: missingFiles.length },
    ipAddress: actor.ipAddress,
  });
  const day = exportedAt.toISOString().slice(0, 10);
  return { filename: `client-${input.clientId}-${day}.zip`, zip: createZip(entries) };
}
