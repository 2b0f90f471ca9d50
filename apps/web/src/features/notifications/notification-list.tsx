import type { Notification } from '@atelier/contract';
import {
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import classes from './notification-list.module.css';
import { useMarkNotificationsRead, useNotifications } from './notifications-queries.ts';

export const ALL_CAUGHT_UP = 'You’re all caught up.';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now", "5 min ago", "3 h ago", "2 d ago" within a week; m/d/yyyy before that (§9). */
export function notificationTime(createdAt: string, now: number): string {
  const age = Math.max(now - Date.parse(createdAt), 0);
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} d ago`;
  return formatDate(createdAt);
}

/** The clock the relative times read, moved on every minute while the list is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface NotificationListProps {
  /** A row that leads somewhere was opened: the modal closes. */
  onNavigate: () => void;
}

/** The Alerts modal's content (§2): newest first, each row marks itself read when opened. */
export function NotificationList({ onNavigate }: NotificationListProps) {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const now = useMinuteClock();

  if (query.isError) {
    return (
      <LoadError
        title="Your notifications could not be loaded"
        message={query.error.message}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }

  const { data, meta } = query.data;
  if (data.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {ALL_CAUGHT_UP}
      </Text>
    );
  }

  const onOpen = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    if (notification.link) onNavigate();
  };
  const isMarkingAll = markRead.isPending && 'all' in (markRead.variables ?? {});

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {meta.unread > 0 ? `${meta.unread} unread` : 'No unread notifications'}
        </Text>
        <Button
          variant="subtle"
          color="gold"
          size="compact-sm"
          disabled={meta.unread === 0}
          loading={isMarkingAll}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </Group>
      {markRead.isError && (
        <Text size="sm" c="red.4" role="alert">
          {markRead.error.message}
        </Text>
      )}
      <ul className={classes.list}>
        {data.map((notification) => (
          <li key={notification.id}>
            <NotificationRow
              notification={notification}
              time={notificationTime(notification.createdAt, now)}
              onOpen={() => onOpen(notification)}
            />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

interface NotificationRowProps {
  notification: Notification;
  time: string;
  onOpen: () => void;
}

function NotificationRow({ notification, time, onOpen }: NotificationRowProps) {
  const isUnread = notification.readAt === null;
  const content = (
    <>
      <span className={classes.dot} data-unread={isUnread || undefined} aria-hidden="true" />
      <span className={classes.body}>
        <Text size="sm" className={classes.text} fw={isUnread ? 600 : 400}>
          {notification.text}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={notification.createdAt}>
          {time}
        </Text>
        {isUnread && <VisuallyHidden>Unread</VisuallyHidden>}
      </span>
    </>
  );
  if (notification.link) {
    return (
      <Link
        to={notification.link}
        className={classes.row}
        data-unread={isUnread || undefined}
        onClick={onOpen}
      >
        {content}
      </Link>
    );
  }
  return (
    <UnstyledButton className={classes.row} data-unread={isUnread || undefined} onClick={onOpen}>
      {content}
    </UnstyledButton>
  );
}
