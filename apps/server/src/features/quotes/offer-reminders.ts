import {
  ANSWERABLE_STATUSES,
  DEFAULT_TIME_ZONE,
  formatDate,
  pluralize,
  SHARE_LINK_TTL_DAYS,
} from '@atelier/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quotes } from '../../db/schema.ts';
import { composeEmail, greeting } from '../../integrations/mail/compose.ts';
import { enqueueEmail } from '../../integrations/outbox/outbox.ts';
import { hubUrl } from '../../lib/client-page-urls.ts';
import { createPoller, type Poller } from '../../lib/poller.ts';
import { createAccessLink } from '../links/index.ts';
import { createNotification } from '../notifications/index.ts';
import { quoteTitle, selectQuotePeople, type QuotePeople } from './quote-people.ts';

/** Quotes reminded of per statement; a sweep goes on until none is due. */
const BATCH = 100;
/** A sweep stops after this many batches; the next sweep takes the rest. */
const MAX_BATCHES = 20;

export interface OfferRemindersDeps {
  db: Db;
  publicUrl: string;
  /** OFFER_REMINDER_HOURS: how long before the expiry the client is reminded. */
  reminderHours: number;
  /** OFFER_SWEEP_MS */
  sweepMs: number;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface OfferReminders extends Poller {
  /** Reminds every client whose offers are due now, once; tests call it instead of waiting. */
  remindDue(): Promise<number>;
}

type Due = QuotePeople;

/**
 * Claims the open offers that expire within `reminderHours` and were not reminded of: locked
 * with SKIP LOCKED and marked reminded in the same transaction as their emails are queued, so two
 * instances never send one reminder twice and a rolled-back sweep sends none.
 */
async function claimDue(tx: Tx, reminderHours: number) {
  const due = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        isNull(quotes.offersRemindedAt),
        gt(quotes.offersExpireAt, sql`now()`),
        lte(quotes.offersExpireAt, sql`now() + make_interval(hours => ${reminderHours}::int)`),
        eq(quotes.isApproved, true),
        inArray(quotes.status, [...ANSWERABLE_STATUSES]),
      ),
    )
    .orderBy(asc(quotes.offersExpireAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(quotes)
    .set({ offersRemindedAt: sql`now()`, updatedAt: sql`${quotes.updatedAt}` })
    .where(
      inArray(
        quotes.id,
        due.map((row) => row.id),
      ),
    );
  return selectQuotePeople(tx)
    .where(
      inArray(
        quotes.id,
        due.map((row) => row.id),
      ),
    )
    .orderBy(asc(quotes.offersExpireAt), asc(quotes.id));
}

/** One email to the client and one notification to the stylist for the client's due offers. */
async function remindClient(tx: Tx, rows: readonly Due[], publicUrl: string) {
  const [first] = rows;
  if (!first?.offersExpireAt) return;
  const zone = first.timeZone ?? DEFAULT_TIME_ZONE;
  const soonest = formatDate(first.offersExpireAt, zone);
  const count = rows.length;
  const clientName = `${first.clientFirstName} ${first.clientLastName}`.trim();
  const stylistName = `${first.stylistFirstName} ${first.stylistLastName}`.trim();
  const token = await createAccessLink(tx, {
    clientId: first.clientId,
    purpose: 'hub',
    ttlDays: SHARE_LINK_TTL_DAYS,
  });
  await enqueueEmail(
    tx,
    await composeEmail(
      {
        subject: `Your ${pluralize(count, 'offer')} from ${first.stylistFirstName} ${count === 1 ? 'expires' : 'expire'} on ${soonest}`,
        preview: `Answer before ${soonest} to keep ${count === 1 ? 'this offer' : 'these offers'}.`,
        heading: count === 1 ? 'Your offer expires soon' : 'Your offers expire soon',
        greeting: greeting(first.clientFirstName),
        paragraphs: [
          `${stylistName} is waiting for your answer. After the date below, ${count === 1 ? 'the offer' : 'each offer'} can no longer be accepted.`,
        ],
        items: rows.map((row) => ({
          key: String(row.quoteId),
          title: quoteTitle(row),
          details: row.offersExpireAt ? [`Open until ${formatDate(row.offersExpireAt, zone)}`] : [],
        })),
        action: { label: 'Answer your offers', url: hubUrl(publicUrl, token) },
        afterAction: [`The link works for ${SHARE_LINK_TTL_DAYS} days.`],
        footer: `Reply to this email to write to ${first.stylistFirstName}.`,
      },
      { to: first.clientEmail, replyTo: { name: stylistName, address: first.stylistEmail } },
    ),
  );
  await createNotification(tx, {
    stylistId: first.stylistId,
    kind: 'offers_expiring',
    text: `${count === 1 ? `The offer for ${quoteTitle(first)}` : `Offers for ${count} items`} of ${clientName} ${count === 1 ? 'expires' : 'expire'} on ${soonest}. ${first.clientFirstName} was reminded by email.`,
    link: `/quotes/pickup/${first.clientId}`,
  });
}

/** Reminds each client once, a while before their open offers expire (decision 0029). */
export function createOfferReminders(deps: OfferRemindersDeps): OfferReminders {
  async function remindDue(): Promise<number> {
    let reminded = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const claimed = await deps.db.transaction(async (tx) => {
        const rows = await claimDue(tx, deps.reminderHours);
        const byClient = new Map<number, Due[]>();
        for (const row of rows)
          byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
        for (const clientRows of byClient.values()) {
          await remindClient(tx, clientRows, deps.publicUrl);
        }
        return rows.length;
      });
      reminded += claimed;
      if (claimed < BATCH) break;
    }
    return reminded;
  }
  const poller = createPoller({
    round: remindDue,
    intervalMs: deps.sweepMs,
    logger: deps.logger,
    name: 'offer reminder sweep',
  });
  return { remindDue, ...poller };
}
