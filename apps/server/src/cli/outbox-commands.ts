import { parseArgs } from 'node:util';
import { OutboxMessageIdParamsSchema, pluralize, type OutboxMessage } from '@atelier/contract';
import type { AdminBackend } from './admin-backend.ts';

export const OUTBOX_USAGE = `  outbox         lists the mail not delivered yet: failed messages, then pending ones
  outbox retry   <messageId> | --failed
                 queues a failed message (or every failed one) again, to be sent now
`;

/** Thrown for an outbox command line that cannot be run; its message ends with the usage. */
export class OutboxUsageError extends Error {
  override name = 'OutboxUsageError';
  constructor(problem: string) {
    super(`${problem}\n\nUsage: npm run admin -- <command>\n${OUTBOX_USAGE}`);
  }
}

function describeMessage(message: OutboxMessage): string {
  const to = message.to ?? '(no recipient)';
  const subject = message.subject === null ? '(no subject)' : `"${message.subject}"`;
  const when =
    message.status === 'failed'
      ? `failed ${message.failedAt}`
      : `next attempt ${message.nextAttemptAt}`;
  const lines = [
    `  #${message.id} to ${to}, ${subject}: ${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}; queued ${message.queuedAt} (created ${message.createdAt}), ${when}`,
  ];
  if (message.lastError) lines.push(`      last error: ${message.lastError}`);
  return lines.join('\n');
}

async function listMessages(backend: AdminBackend): Promise<string> {
  const { data, meta } = await backend.listOutbox();
  if (meta.failed + meta.pending === 0) {
    return 'The outbox is empty: no pending and no failed messages.';
  }
  const section = (status: OutboxMessage['status'], title: string, total: number) => {
    const shown = data.filter((message) => message.status === status);
    const heading =
      shown.length < total
        ? `${title} (${total}, first ${shown.length} shown):`
        : `${title} (${total}):`;
    return total === 0 ? `${title}: none.` : [heading, ...shown.map(describeMessage)].join('\n');
  };
  return [
    section('failed', 'Failed', meta.failed),
    section('pending', 'Pending', meta.pending),
  ].join('\n');
}

async function retry(args: string[], backend: AdminBackend): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    options: { failed: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.failed) {
    if (positionals.length > 0)
      throw new OutboxUsageError('Give a message id or --failed, not both.');
    const { requeued } = await backend.requeueFailed();
    if (requeued.length === 0) return 'No failed messages to requeue.';
    const ids = requeued.map((id) => `#${id}`).join(', ');
    return `Requeued ${requeued.length} failed ${pluralize(requeued.length, 'message')}, to be sent now: ${ids}.`;
  }
  if (positionals.length !== 1) throw new OutboxUsageError('Give one message id, or --failed.');
  const { id } = OutboxMessageIdParamsSchema.parse({ id: positionals[0] });
  const { data } = await backend.requeueMessage(id);
  return `Requeued outbox message #${data.id} to ${data.to ?? '(no recipient)'}, to be sent now.`;
}

/** `outbox` and `outbox retry …`: the operator's view of the mail outbox (docs/decisions/0006). */
export async function runOutboxCommand(args: string[], backend: AdminBackend): Promise<string> {
  const [subcommand, ...rest] = args;
  if (subcommand === undefined) return listMessages(backend);
  if (subcommand === 'retry') return retry(rest, backend);
  throw new OutboxUsageError(`Unknown outbox command: ${subcommand}`);
}
