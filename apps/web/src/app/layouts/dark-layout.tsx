import { AppShell, Avatar, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AtelierLogo } from '../../components/atelier-logo.tsx';
import { useAccount } from '../../features/auth/account-queries.ts';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useLiveUpdates } from '../live-updates.ts';
import { routes } from '../routes.ts';
import { AccountModal } from './account-modal.tsx';
import { ActionBar } from './action-bar.tsx';
import { AlertsModal } from './alerts-modal.tsx';
import classes from './dark-layout.module.css';

const HEADER_HEIGHT = 64;
const FOOTER_HEIGHT = { base: 64, xs: 80 };

interface DarkLayoutProps {
  /** A verified stylist session: shows the profile avatar and the action bar (§2). */
  isLoggedIn: boolean;
  children: ReactNode;
}

export function DarkLayout({ isLoggedIn, children }: DarkLayoutProps) {
  const [isAccountOpen, account] = useDisclosure(false);
  const [isAlertsOpen, alerts] = useDisclosure(false);
  const liveUpdates = useLiveUpdates();

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      footer={isLoggedIn ? { height: FOOTER_HEIGHT } : undefined}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'md', xs: 'xl' }} justify="space-between" wrap="nowrap">
          <Link
            to={isLoggedIn ? routes.dashboard.path : routes.home.path}
            className={classes.logoLink}
            aria-label="Atelier"
          >
            <AtelierLogo />
          </Link>
          {isLoggedIn && (
            <Group gap="xs" wrap="nowrap">
              <NotificationBell onClick={alerts.open} streamListeners={liveUpdates} />
              <ProfileButton onClick={account.open} />
            </Group>
          )}
        </Group>
      </AppShell.Header>

      <AppShell.Main>{children}</AppShell.Main>

      {isLoggedIn && (
        <>
          <AppShell.Footer className={classes.footer} withBorder={false}>
            <ActionBar onOpenAlerts={alerts.open} onOpenAccount={account.open} />
          </AppShell.Footer>
          <AccountModal opened={isAccountOpen} onClose={account.close} />
          <AlertsModal opened={isAlertsOpen} onClose={alerts.close} />
        </>
      )}
    </AppShell>
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
