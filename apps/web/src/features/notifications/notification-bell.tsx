import { Indicator, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { IconBell } from '@tabler/icons-react';
import classes from './notification-bell.module.css';
import { useNotifications } from './notifications-queries.ts';
import { useNotificationStream, type StreamListeners } from './use-notification-stream.ts';

/** §2: the bell shakes this long when unread is above 0. */
export const SHAKE_MS = 4_000;

export function badgeLabel(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * Starts a shake each time the unread count rises above what was last seen (the first count
 * counts as a rise from 0), and ends it after SHAKE_MS. The key restarts the animation.
 */
function useShake(unread: number | undefined) {
  const [seen, setSeen] = useState<number | undefined>(undefined);
  const [shake, setShake] = useState<{ key: number } | null>(null);
  if (unread !== seen) {
    setSeen(unread);
    if (unread !== undefined && unread > (seen ?? 0)) {
      setShake((last) => ({ key: (last?.key ?? 0) + 1 }));
    }
  }
  useEffect(() => {
    if (!shake) return;
    const timer = setTimeout(() => setShake(null), SHAKE_MS);
    return () => clearTimeout(timer);
  }, [shake]);
  return shake;
}

interface NotificationBellProps {
  onClick: () => void;
  /** What else follows the stream (the data each event concerns). */
  streamListeners?: StreamListeners;
}

/** §2: the top bar's bell with the unread badge; it keeps the notifications live while shown. */
export function NotificationBell({ onClick, streamListeners }: NotificationBellProps) {
  useNotificationStream(streamListeners);
  const { data } = useNotifications();
  const unread = data?.meta.unread;
  const shake = useShake(unread);
  const count = unread ?? 0;

  return (
    <UnstyledButton
      aria-label={`Notifications, ${count} unread`}
      aria-haspopup="dialog"
      onClick={onClick}
      className={classes.bell}
    >
      <Indicator
        label={badgeLabel(count)}
        disabled={count === 0}
        size={18}
        offset={4}
        color="red.7"
        withBorder
        classNames={{ indicator: classes.badge }}
      >
        <span
          key={shake?.key ?? 0}
          className={shake ? `${classes.icon} ${classes.shaking}` : classes.icon}
          data-testid="notification-bell-icon"
        >
          <IconBell size={24} stroke={1.6} aria-hidden />
        </span>
      </Indicator>
    </UnstyledButton>
  );
}
