import { canReadOfficeReports, OFFICE_ROLE_LABELS } from '@atelier/contract';
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { IconChartBar, IconKeyboard, IconLogout } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { HEADER_ROW_ID } from '../../app/layouts/dark-layout.tsx';
import { routes } from '../../app/routes.ts';
import { useOfficeMe } from './office-queries.ts';
import classes from './office.module.css';
import { useOfficeStream } from './use-office-stream.ts';

/**
 * The back office's part of the header beside the logo: where one is, who works, and "Sign out".
 * Drawn into the layout's header from this page, so the layout loads none of it. Every office page
 * shows it, so it also keeps the page live (the staff stream, item 12). `onShowShortcuts`, on the
 * queue, adds the "Keyboard shortcuts" button.
 */
export function OfficeHeader({ onShowShortcuts }: { onShowShortcuts?: () => void } = {}) {
  useOfficeStream();
  // Mounted in the same commit as the layout, the row is not on the page yet at the first render:
  // React reads the snapshot again once its commit is done, and renders with the row then.
  const row = useSyncExternalStore(
    noUpdates,
    () => document.getElementById(HEADER_ROW_ID),
    () => null,
  );
  return row ? createPortal(<OfficeHeaderParts onShowShortcuts={onShowShortcuts} />, row) : null;
}

const noUpdates = () => () => {};

function OfficeHeaderParts({ onShowShortcuts }: { onShowShortcuts: (() => void) | undefined }) {
  const me = useOfficeMe().data?.data;
  return (
    <Group flex={1} justify="space-between" wrap="nowrap" gap="xs" ml={{ base: 6, xs: 'md' }}>
      <Text component="span" className={classes.officeTag}>
        Back office
      </Text>
      <Group gap="md" wrap="nowrap">
        {/* Reports (§11): the office lead's; a phone's header has no room (ReportsLinkOnPhone). */}
        {me && canReadOfficeReports(me.role) && (
          <Button
            component={Link}
            to={routes.officeReports.path}
            variant="subtle"
            color="gold"
            size="compact-sm"
            visibleFrom="xs"
            leftSection={<IconChartBar size={16} stroke={1.6} aria-hidden />}
          >
            Reports
          </Button>
        )}
        {me && (
          <div className={classes.who}>
            <Text size="sm" c="dark.0" lh={1.2} truncate="end">
              {me.name}
            </Text>
            <Text size="xs" c="dark.1" lh={1.2}>
              {OFFICE_ROLE_LABELS[me.role]}
            </Text>
          </div>
        )}
        {onShowShortcuts && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              visibleFrom="sm"
              leftSection={<IconKeyboard size={16} stroke={1.6} aria-hidden />}
              onClick={onShowShortcuts}
            >
              Keyboard shortcuts
            </Button>
            {/* A phone's header has no room for it, and a phone seldom has a keyboard. */}
            <ActionIcon
              variant="subtle"
              size={34}
              visibleFrom="xs"
              hiddenFrom="sm"
              aria-label="Keyboard shortcuts"
              onClick={onShowShortcuts}
            >
              <IconKeyboard size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </>
        )}
        <Button
          component={Link}
          to={routes.logout.path}
          variant="default"
          size="compact-sm"
          visibleFrom="xs"
          leftSection={<IconLogout size={16} stroke={1.6} aria-hidden />}
        >
          Sign out
        </Button>
        {/* A phone's header has room for the icon alone. */}
        <ActionIcon
          component={Link}
          to={routes.logout.path}
          variant="default"
          size={34}
          hiddenFrom="xs"
          aria-label="Sign out"
        >
          <IconLogout size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** On a phone, where the header holds only the sign-out icon, the queues link Reports here. */
export function ReportsLinkOnPhone() {
  const me = useOfficeMe().data?.data;
  if (!me || !canReadOfficeReports(me.role)) return null;
  return (
    <Anchor component={Link} to={routes.officeReports.path} hiddenFrom="xs" size="sm" c="gold.3">
      <Group gap={4} component="span">
        <IconChartBar size={16} stroke={1.6} aria-hidden />
        Reports
      </Group>
    </Anchor>
  );
}
