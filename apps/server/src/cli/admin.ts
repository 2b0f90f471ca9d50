import { ZodError } from 'zod';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { authSettings, createAuth } from '../auth/auth.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { createFileStorage } from '../integrations/storage/create-storage.ts';
import { AppError } from '../lib/app-error.ts';
import { runAdminCommand, UsageError, USAGE } from './admin-commands.ts';
import { apiBackend } from './api-backend.ts';
import { ClientDataUsageError } from './client-data-commands.ts';
import { ContentUsageError } from './content-commands.ts';
import { OutboxUsageError } from './outbox-commands.ts';
import { findRunningServer } from './running-server.ts';
import { UserUsageError } from './user-commands.ts';

const HELP = new Set(['help', '--help', '-h']);

async function main() {
  const argv = process.argv.slice(2);
  // Help needs no settings, no database and no server.
  if (HELP.has(argv[0] ?? '')) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // With a server running, its admin API does the work: no command needs it stopped.
  const server = await findRunningServer(config);
  if (server) {
    console.log(await runAdminCommand(argv, apiBackend(server)));
    return;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const secret = resolveAuthSecret(
      config.auth.secret,
      database.kind === 'pglite' ? config.dataDir : null,
    );
    const auth = createAuth(database.db, authSettings(config, secret));
    console.log(
      await runAdminCommand(argv, {
        db: database.db,
        auth,
        publicUrl: config.publicUrl,
        offerExpiryDays: config.offers.expiryDays,
        storage: await createFileStorage(config.storage, {
          secret,
          previousSecrets: config.auth.previousSecrets,
        }),
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ZodError) {
    console.error(
      error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  } else if (
    error instanceof UsageError ||
    error instanceof UserUsageError ||
    error instanceof ContentUsageError ||
    error instanceof OutboxUsageError ||
    error instanceof ClientDataUsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof AppError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
