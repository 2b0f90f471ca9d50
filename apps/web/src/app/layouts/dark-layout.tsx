import { AppShell, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AtelierLogo } from '../../components/atelier-logo.tsx';
import { routes } from '../routes.ts';
import classes from './dark-layout.module.css';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';

// The signed-in parts load apart: the sign-in page and the client pages never download them.
const loadHeaderActions = () => import('./header-actions.tsx');
const HeaderActions = lazy(() => loadHeaderActions().then((m) => ({ default: m.HeaderActions })));
const loadActionBar = () => import('./action-bar.tsx');
const ActionBar = lazy(() => loadActionBar().then((m) => ({ default: m.ActionBar })));
const AccountModal = lazy(() =>
  import('./account-modal.tsx').then((m) => ({ default: m.AccountModal })),
);
const AlertsModal = lazy(() =>
  import('./alerts-modal.tsx').then((m) => ({ default: m.AlertsModal })),
);

/**
 * Starts loading the signed-in header early, beside the page's own code, and the account call's
 * schema, which otherwise loads with that call, one round trip late (auth-schemas.ts).
 */
export function preloadSignedInParts(): void {
  void loadHeaderActions();
  void loadActionBar();
  void import('../../features/auth/auth-schemas.ts');
}

const HEADER_HEIGHT = 64;
const FOOTER_HEIGHT = { base: 64, xs: 80 };

interface DarkLayoutProps {
  /** A verified stylist session: shows the profile avatar and the action bar (§2). */
  isLoggedIn: boolean;
  children: ReactNode;
}

/**
 * A modal's open state, and whether it was ever opened: its code loads on the first opening and
 * it stays mounted after, so it closes with its transition.
 */
function useLazyModal() {
  const [isOpen, handlers] = useDisclosure(false);
  const [wasOpened, setWasOpened] = useState(false);
  const open = () => {
    setWasOpened(true);
    handlers.open();
  };
  return { isOpen, wasOpened, open, close: handlers.close };
}

export function DarkLayout({ isLoggedIn, children }: DarkLayoutProps) {
  const account = useLazyModal();
  const alerts = useLazyModal();

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
            <Suspense fallback={null}>
              <HeaderActions onOpenAlerts={alerts.open} onOpenAccount={account.open} />
            </Suspense>
          )}
        </Group>
      </AppShell.Header>

      <AppShell.Main>{children}</AppShell.Main>

      {isLoggedIn && (
        <>
          <AppShell.Footer className={classes.footer} withBorder={false}>
            <Suspense fallback={null}>
              <ActionBar onOpenAlerts={alerts.open} onOpenAccount={account.open} />
            </Suspense>
          </AppShell.Footer>
          <Suspense fallback={null}>
            {account.wasOpened && (
              <OpenAfterMount>
                {(canOpen) => (
                  <AccountModal opened={canOpen && account.isOpen} onClose={account.close} />
                )}
              </OpenAfterMount>
            )}
            {alerts.wasOpened && (
              <OpenAfterMount>
                {(canOpen) => (
                  <AlertsModal opened={canOpen && alerts.isOpen} onClose={alerts.close} />
                )}
              </OpenAfterMount>
            )}
          </Suspense>
        </>
      )}
    </AppShell>
  );
}
