import { Avatar, Group, UnstyledButton } from '@mantine/core';
import { useAccount } from '../../features/auth/account-queries.ts';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useLiveUpdates } from '../live-updates.ts';
import classes from './dark-layout.module.css';

interface HeaderActionsProps {
  onOpenAlerts: () => void;
  onOpenAccount: () => void;
}

/** The signed-in header's bell and profile; their queries and live updates load with them. */
export function HeaderActions({ onOpenAlerts, onOpenAccount }: HeaderActionsProps) {
  const liveUpdates = useLiveUpdates();
  return (
    <Group gap="xs" wrap="nowrap">
      <NotificationBell onClick={onOpenAlerts} streamListeners={liveUpdates} />
      <ProfileButton onClick={onOpenAccount} />
    </Group>
  );
}

function ProfileButton({ onClick }: { onClick: () => void }) {
  const { data } = useAccount();
  const account = data?.data.attributes;

  return (
    <UnstyledButton
      aria-label="Profile"
      aria-haspopup="dialog"
      onClick={onClick}
      className={classes.profile}
    >
      <Avatar src={account?.thumbnailUrl ?? null} alt="" radius="xl" size={36} color="gold">
        {account?.initials}
      </Avatar>
    </UnstyledButton>
  );
}
