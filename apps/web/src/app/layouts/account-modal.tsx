import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AccountSiteRow } from '../../features/account/account-site-row.tsx';
import { HelpSection } from '../../features/account/help-section.tsx';
import { PayoutPreference } from '../../features/account/payout-preference.tsx';
import { ProfilePhoto } from '../../features/account/profile-photo.tsx';
import { SecurityRow } from '../../features/account/security-row.tsx';
import { useAccount } from '../../features/auth/account-queries.ts';
import { routes } from '../routes.ts';

interface AccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Stylist Account" (§2): the photo, then personal info, security, payout, help and terms of use,
 * and LOGOUT. Personal info, security and terms open the external account site, signed in.
 */
export function AccountModal({ opened, onClose }: AccountModalProps) {
  const navigate = useNavigate();
  const { data } = useAccount();
  const account = data?.data.attributes;

  function onLogout() {
    onClose();
    void navigate(routes.logout.path);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Stylist Account" centered radius="md" size="lg">
      <Stack gap="sm">
        {data && account && (
          <Group gap="lg" wrap="nowrap" mb="xs">
            <ProfilePhoto account={data} />
            <div style={{ minWidth: 0 }}>
              <Text fw={500} fz="lg">
                {account.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {account.email}
              </Text>
            </div>
          </Group>
        )}
        <AccountSiteRow page="personal-info" label="Personal info" />
        <SecurityRow />
        <PayoutPreference />
        <HelpSection />
        <AccountSiteRow page="terms" label="Terms of use" />
        <Divider color="dark.5" my="xs" />
        <Button variant="outline" onClick={onLogout} fullWidth lts="0.12em">
          LOGOUT
        </Button>
      </Stack>
    </Modal>
  );
}
