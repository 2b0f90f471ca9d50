import { erasedClientName, type EraseClientAnswer } from '@atelier/contract';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  authAccounts,
  authSessions,
  clientAnswers,
  clientMessages,
  clients,
  images,
  notifications,
  outbox,
  quoteStatusHistory,
  quotes,
  rateLimitHits,
  shipments,
  signInFailures,
  users,
} from '../../db/schema.ts';
import type { ObjectStore } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { clientAuditSubject } from '../clients/client-login.service.ts';
import { revokeClientLinks } from '../links/index.ts';
import { erasedEmail, notificationsAboutClient, storedKeyOf } from './client-data-scope.ts';
import { finishFileDeletions, recordFileDeletions } from './file-deletions.ts';

export const CLIENT_ERASE_AUDIT = 'client.erase';

/** Who erases: an admin, or (null) the operator's command line; and from where. */
export interface EraseActor {
  userId: string | null;
  ipAddress: string | null;
}

/**
 * Erases what the client's rows and the rows about them hold of their person, in one transaction,
 * keeping the money records (quotes, sales, commissions, payouts) under a stand-in name. The
 * client's files are recorded for deletion in that transaction and deleted after it.
 */
async function eraseInDatabase(db: Db, actor: EraseActor, clientId: number) {
  return db.transaction(async (tx) => {
    // Locked: two erasures of one client run one after the other, the second finds it erased.
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
    if (!client) throw AppError.notFound('Client');
    if (client.erasedAt) return { erasedAt: client.erasedAt, erasedNow: false };

    const now = new Date();
    const quoteIds = (
      await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.clientId, clientId))
    ).map((row) => row.id);
    const photos =
      quoteIds.length === 0
        ? []
        : await tx
            .select({ storageKey: images.storageKey, thumbnailKey: images.thumbnailKey })
            .from(images)
            .where(inArray(images.quoteId, quoteIds));
    const shipmentFiles = await tx
      .select({
        labelKey: shipments.labelKey,
        shiplistKey: shipments.shiplistKey,
        signatureKey: shipments.signatureKey,
        receiptKey: shipments.receiptKey,
      })
      .from(shipments)
      .where(eq(shipments.clientId, clientId));
    const keys = [
      storedKeyOf(client.thumbnailUrl),
      ...photos.flatMap((photo) => [photo.storageKey, photo.thumbnailKey]),
      ...shipmentFiles.flatMap((files) => Object.values(files)),
    ].filter((key): key is string => key !== null);
    await recordFileDeletions(tx, clientId, keys);

    if (quoteIds.length > 0) {
      await tx.delete(images).where(inArray(images.quoteId, quoteIds));
      await tx.delete(clientMessages).where(inArray(clientMessages.quoteId, quoteIds));
      // What was agreed stays (a sale rests on it); where from and with what browser goes.
      await tx
        .update(clientAnswers)
        .set({ ipAddress: null, userAgent: null })
        .where(inArray(clientAnswers.quoteId, quoteIds));
      await tx
        .update(quoteStatusHistory)
        .set({ note: null })
        .where(
          and(
            inArray(quoteStatusHistory.quoteId, quoteIds),
            eq(quoteStatusHistory.actorKind, 'client'),
          ),
        );
    }
    // No reminder goes to an erased client's stand-in address.
    await tx
      .update(quotes)
      .set({
        commentToCustomer: null,
        offersRemindedAt: sql`coalesce(${quotes.offersRemindedAt}, now())`,
      })
      .where(eq(quotes.clientId, clientId));
    await tx
      .update(shipments)
      .set({ labelKey: null, shiplistKey: null, signatureKey: null, receiptKey: null })
      .where(eq(shipments.clientId, clientId));
    const linksRevoked = await revokeClientLinks(tx, clientId, now);
    const notificationsDeleted = await tx
      .delete(notifications)
      .where(notificationsAboutClient(clientId))
      .returning({ id: notifications.id });
    // Mail to the client, and mail already sent (or given up) that names them.
    const fullName = `${client.firstName} ${client.lastName}`.trim();
    const emailsDeleted = await tx
      .delete(outbox)
      .where(
        or(
          sql`lower(${outbox.payload} ->> 'to') = lower(${client.email})`,
          and(
            or(isNotNull(outbox.deliveredAt), isNotNull(outbox.failedAt)),
            sql`strpos(${outbox.payload}::text, ${fullName}) > 0`,
          ),
        ),
      )
      .returning({ id: outbox.id });

    // The shop account the client was registered with: no name, no address, no way in.
    await tx.delete(authSessions).where(eq(authSessions.userId, client.userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, client.userId));
    await tx.delete(signInFailures).where(eq(signInFailures.email, client.email.toLowerCase()));
    // Counters kept per address ("Send me a new link": `new-link|<email>`) carry the address.
    await tx
      .delete(rateLimitHits)
      .where(
        sql`right(${rateLimitHits.key}, length(${client.email}) + 1) = ${`|${client.email.toLowerCase()}`}`,
      );
    const standIn = erasedClientName(clientId);
    await tx
      .update(users)
      .set({
        name: `${standIn.firstName} ${standIn.lastName}`,
        email: erasedEmail(clientId),
        image: null,
      })
      .where(eq(users.id, client.userId));
    await tx
      .update(clients)
      .set({
        ...standIn,
        email: erasedEmail(clientId),
        phone: '',
        address: '',
        city: '',
        state: '',
        postalCode: '',
        comment: '',
        thumbnailUrl: null,
        shopifyCustomerId: null,
        paymentMethod: null,
        erasedAt: now,
      })
      .where(eq(clients.id, clientId));
    // Counts only: the trail keeps that it happened and who did it, nothing of the person.
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: CLIENT_ERASE_AUDIT,
      subject: clientAuditSubject(clientId),
      detail: {
        quotes: quoteIds.length,
        files: new Set(keys).size,
        linksRevoked,
        notificationsDeleted: notificationsDeleted.length,
        emailsDeleted: emailsDeleted.length,
      },
      ipAddress: actor.ipAddress,
    });
    return { erasedAt: now, erasedNow: true };
  });
}

/**
 * Erases a client (docs/decisions/0030). Calling it again on an erased client finishes the file
 * deletions a failure left and answers the same: an erasure is never left half done.
 */
export async function eraseClient(
  db: Db,
  actor: EraseActor,
  input: { clientId: number },
  deps: { storage: Pick<ObjectStore, 'delete'> },
): Promise<EraseClientAnswer> {
  const { erasedAt, erasedNow } = await eraseInDatabase(db, actor, input.clientId);
  const files = await finishFileDeletions(db, deps.storage, { clientId: input.clientId });
  return {
    clientId: input.clientId,
    erasedAt: erasedAt.toISOString(),
    erasedNow,
    filesDeleted: files.deleted,
    filesPending: files.pending,
  };
}
