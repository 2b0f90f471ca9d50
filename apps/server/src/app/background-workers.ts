import type { SessionWatch } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createRetention } from '../features/client-data/retention.ts';
import { startNotificationHub } from '../features/notifications/notification-hub.ts';
import { createOfferReminders } from '../features/quotes/offer-reminders.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { createOutboxWorker } from '../integrations/outbox/outbox-worker.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';
import type { AppInstance } from '../lib/app-instance.ts';

/**
 * What runs besides the requests: the outbox's sender, the offer reminders, the retention sweep
 * and the notification hub. Each stops when the app closes, before the database does.
 */
export async function startBackgroundWorkers(
  app: AppInstance,
  deps: {
    config: Config;
    database: Database;
    storage: FileStorage;
    mailer: Mailer;
    sessions: SessionWatch;
  },
) {
  const { config, database, storage, sessions } = deps;
  const outbox = createOutboxWorker({
    db: database.db,
    mailer: deps.mailer,
    storage,
    logger: app.log,
    pollMs: config.outbox.pollMs,
    maxRetryDelaySeconds: config.outbox.maxRetryDelaySeconds,
    maxAgeSeconds: config.outbox.maxAgeSeconds,
  });
  // Registered after the database's hook, so it runs first: a round in flight ends before the close.
  app.addHook('onClose', () => outbox.stop());
  const offerReminders = createOfferReminders({
    db: database.db,
    publicUrl: config.publicUrl,
    reminderHours: config.offers.reminderHours,
    sweepMs: config.offers.sweepMs,
    logger: app.log,
  });
  app.addHook('onClose', () => offerReminders.stop());
  const retention = createRetention({
    db: database.db,
    storage,
    retentionDays: config.retention.days,
    sweepMs: config.retention.sweepMs,
    logger: app.log,
  });
  app.addHook('onClose', () => retention.stop());
  // One LISTEN per instance feeds its open notification streams (docs/decisions/0009).
  const notificationHub = await startNotificationHub({
    db: database.db,
    listen: (channel, handlers) => database.listen(channel, handlers),
    sessions,
    logger: app.log,
  });
  // Open streams would keep the server from closing; the hub stops before the database closes.
  app.addHook('preClose', (done) => {
    notificationHub.endStreams();
    done();
  });
  app.addHook('onClose', () => notificationHub.stop());
  return { outbox, offerReminders, retention, notificationHub };
}
