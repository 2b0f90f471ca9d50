import { Group } from '@mantine/core';
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

/**
 * A modal that locks the page's scroll moves fixed bars by the scrollbar's width through this
 * class (react-remove-scroll's `zeroRight`), so they do not jump when it opens.
 */
const FIXED_BAR = 'right-scroll-bar-position';

/** The header's row: the back office's page draws its part of the header into it (issue 30). */
export const HEADER_ROW_ID = 'header-row';

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
    <>
      <header className={`${classes.header} ${FIXED_BAR}`}>
        <Group
          id={HEADER_ROW_ID}
          h="100%"
          px={{ base: 'md', xs: 'xl' }}
          justify="space-between"
          wrap="nowrap"
        >
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
      </header>

      <main className={classes.main}>{children}</main>

      {isLoggedIn && (
        <>
          <footer className={`${classes.footer} ${FIXED_BAR}`}>
            <Suspense fallback={null}>
              <ActionBar onOpenAlerts={alerts.open} onOpenAccount={account.open} />
            </Suspense>
          </footer>
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
    </>
  );
}
