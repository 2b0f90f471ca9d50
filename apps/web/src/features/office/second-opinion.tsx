import type { OfficeItemDocument } from '@atelier/contract';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatStatus } from './item-decisions.ts';
import { useResolveSecondOpinion } from './office-queries.ts';

type Item = OfficeItemDocument['data'];

interface SecondOpinionProps {
  item: Item & { secondOpinion: NonNullable<Item['secondOpinion']> };
  /** The signed-in staff member, to tell them their own decision. */
  myUserId: string | null;
  /** Once it is approved or sent back, focus goes to the item's heading. */
  onResolved: () => void;
  /** After a 409 (someone resolved it first, or the item changed), the item is read again. */
  onReload: () => void;
}

/**
 * A decision waiting for a second opinion (issue 30): what it says and who took it, and for anyone
 * else with its right "Approve" or "Send back" with a reason kept as an internal note.
 */
export function SecondOpinion({ item, myUserId, onResolved, onReload }: SecondOpinionProps) {
  const opinion = item.secondOpinion;
  const resolve = useResolveSecondOpinion(item.quote.id);
  const [isSendingBack, setIsSendingBack] = useState(false);
  const [note, setNote] = useState('');
  const sendBackRef = useRef<HTMLButtonElement>(null);
  const returnsFocusRef = useRef(false);
  // Cancel gives focus back to "Send back" once it is drawn again.
  useEffect(() => {
    if (returnsFocusRef.current && !isSendingBack) {
      returnsFocusRef.current = false;
      sendBackRef.current?.focus();
    }
  }, [isSendingBack]);
  const isMine = opinion.author.userId === myUserId;
  const noteError =
    resolve.error && isApiError(resolve.error) ? resolve.error.errors?.note?.join(' ') : undefined;

  function send(verdict: 'approve' | 'reject') {
    resolve.mutate(
      { verdict, ...(verdict === 'reject' && note.trim() && { note: note.trim() }) },
      {
        onSuccess: (document) => {
          notifications.show({
            color: 'green',
            title: verdict === 'approve' ? 'Approved' : 'Sent back',
            message:
              verdict === 'approve'
                ? `Item #${item.quote.id} is now: ${formatStatus(document.data.quote.attributes.status)}.`
                : `The decision on item #${item.quote.id} was not taken.`,
          });
          onResolved();
        },
        onError: (error) => {
          if (isApiError(error) && error.errors?.note) return;
          notifications.show({ color: 'red', title: 'Not saved', message: error.message });
          if (isApiError(error) && error.status === 409) onReload();
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="yellow" variant="light" radius="sm">
          Waiting for a second opinion
        </Badge>
      </Group>
      <Text size="sm" fw={500}>
        {opinion.summary}
      </Text>
      <Text size="xs" c="dark.1">
        Proposed by {opinion.author.name}
        {isMine && ' (you)'} ·{' '}
        <time dateTime={opinion.createdAt}>{formatDateTime(opinion.createdAt)}</time>
      </Text>
      {!opinion.canResolve ? (
        <Text size="sm" c="dark.1">
          {isMine
            ? 'Another staff member approves it or sends it back; nobody approves their own decision.'
            : 'Staff with the right to take this decision approve it or send it back.'}
        </Text>
      ) : isSendingBack ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send('reject');
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Why it goes back (optional, kept as an internal note)"
              rows={3}
              value={note}
              error={noteError}
              autoFocus
              onChange={(event) => {
                setNote(event.currentTarget.value);
                if (resolve.isError) resolve.reset();
              }}
            />
            <Group gap="sm">
              <Button type="submit" color="red" variant="outline" loading={resolve.isPending}>
                Send back
              </Button>
              <Button
                variant="default"
                disabled={resolve.isPending}
                onClick={() => {
                  returnsFocusRef.current = true;
                  setIsSendingBack(false);
                }}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="sm">
          <Button
            loading={resolve.isPending && resolve.variables.verdict === 'approve'}
            disabled={resolve.isPending}
            onClick={() => send('approve')}
          >
            Approve
          </Button>
          <Button
            ref={sendBackRef}
            variant="outline"
            color="red"
            disabled={resolve.isPending}
            onClick={() => setIsSendingBack(true)}
          >
            Send back
          </Button>
        </Group>
      )}
    </Stack>
  );
}
