import { PICKUP_TEXT } from '@atelier/contract';
import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { sessionStore } from '../../lib/session-store.ts';
import { useShareQuotes } from './pickup-mutations.ts';

/** §2 Share: emails the client a link to their quotes; "Sending" while the call is under way. */
export function ShareButton({ clientId }: { clientId: number }) {
  const share = useShareQuotes();
  const isSending = share.isPending;

  function onShare() {
    if (isSending) return;
    // §5: the link is made for the signed-in stylist; without a token there is no one to make it.
    if (!sessionStore.getToken()) {
      notifications.show({ color: 'red', message: PICKUP_TEXT.shareNoToken });
      return;
    }
    share.mutate(clientId, {
      onSuccess: (answer) =>
        notifications.show({
          color: 'green',
          message: answer.message.trim() || PICKUP_TEXT.shareSucceeded,
        }),
      onError: () => notifications.show({ color: 'red', message: PICKUP_TEXT.shareFailed }),
    });
  }

  return (
    <Button
      variant="default"
      size="sm"
      leftSection={
        isSending ? (
          <Loader size={14} color="gold.4" />
        ) : (
          <IconMail size={16} stroke={1.6} aria-hidden />
        )
      }
      disabled={isSending}
      aria-busy={isSending}
      onClick={onShare}
    >
      {isSending ? 'Sending' : 'Share'}
    </Button>
  );
}
