import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AuditQuerySchema, ClientIdParamsSchema, type AuditEntry } from '@atelier/contract';
import type { AdminBackend } from './admin-backend.ts';

export const CLIENT_DATA_USAGE = `  export-client  <clientId> --out <file.zip>
                 writes everything Atelier holds about the client (client.json and their files)
  erase-client   <clientId> --yes
                 erases the client's personal data and files; sales, commissions and payouts stay
                 under "Erased client #<id>"; run again to finish file deletions left pending
  audit          [--since <date or date-time>] [--limit <entries>]
                 prints the audit trail, oldest first (--limit 100 by default)
`;

/** Thrown for a client data command line that cannot be run; its message ends with the usage. */
export class ClientDataUsageError extends Error {
  override name = 'ClientDataUsageError';
  constructor(problem: string) {
    super(`${problem}\n\nUsage: npm run admin -- <command>\n${CLIENT_DATA_USAGE}`);
  }
}

function oneClientId(positionals: string[]) {
  if (positionals.length !== 1) throw new ClientDataUsageError('Give one client id.');
  return ClientIdParamsSchema.parse({ clientId: positionals[0] }).clientId;
}

async function exportCommand(args: string[], backend: AdminBackend, cwd: string) {
  const { values, positionals } = parseArgs({
    args,
    options: { out: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const clientId = oneClientId(positionals);
  if (!values.out) throw new ClientDataUsageError('Missing: --out <file.zip>');
  const { zip } = await backend.exportClient(clientId);
  const file = path.resolve(cwd, values.out);
  // Not readable by others: it holds a person's whole record.
  await fs.writeFile(file, zip, { mode: 0o600 });
  return `Exported client #${clientId} to ${file} (${zip.length} bytes).`;
}

async function eraseCommand(args: string[], backend: AdminBackend) {
  const { values, positionals } = parseArgs({
    args,
    options: { yes: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const clientId = oneClientId(positionals);
  if (!values.yes) {
    throw new ClientDataUsageError(
      `Erasing client #${clientId} cannot be undone: their name, contact details, notes, photos, signatures, labels and receipts are deleted. Run again with --yes to erase.`,
    );
  }
  const answer = await backend.eraseClient(clientId);
  const what = answer.erasedNow
    ? `Erased client #${clientId}`
    : `Client #${clientId} was erased already (${answer.erasedAt})`;
  const pending =
    answer.filesPending > 0
      ? ` ${answer.filesPending} files could not be deleted yet (storage unavailable): run the command again, or the server's retention sweep finishes them.`
      : '';
  return `${what}; ${answer.filesDeleted} files deleted.${pending}`;
}

function describeEntry(entry: AuditEntry) {
  const who = entry.actorUserId ?? 'command line';
  const from = entry.ipAddress ? ` from ${entry.ipAddress}` : '';
  const detail = entry.detail === null ? '' : ` ${JSON.stringify(entry.detail)}`;
  return `#${entry.id} ${entry.createdAt} ${who}${from}: ${entry.action} ${entry.subject}${detail}`;
}

async function auditCommand(args: string[], backend: AdminBackend) {
  const { values, positionals } = parseArgs({
    args,
    options: { since: { type: 'string' }, limit: { type: 'string' }, after: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new ClientDataUsageError(`Unexpected: ${positionals[0]}`);
  const query = AuditQuerySchema.parse({
    ...(values.since !== undefined && { since: values.since }),
    ...(values.limit !== undefined && { limit: values.limit }),
    ...(values.after !== undefined && { after: values.after }),
  });
  const { data, meta } = await backend.listAudit(query);
  if (data.length === 0) return 'No audit entries.';
  const more =
    meta.nextAfter === null ? [] : [`More entries follow: add --after ${meta.nextAfter}.`];
  return [...data.map(describeEntry), ...more].join('\n');
}

/** `export-client`, `erase-client` and `audit`: operations' client data commands (decision 0030). */
export function runClientDataCommand(
  command: 'export-client' | 'erase-client' | 'audit',
  args: string[],
  backend: AdminBackend,
  cwd = process.cwd(),
): Promise<string> {
  if (command === 'export-client') return exportCommand(args, backend, cwd);
  if (command === 'erase-client') return eraseCommand(args, backend);
  return auditCommand(args, backend);
}
