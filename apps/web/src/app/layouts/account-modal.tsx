import { Avatar, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PayoutPreference } from '../../features/account/payout-preference.tsx';
import { useAccount } from '../../features/auth/account-queries.ts';
import { routes } from '../routes.ts';

interface AccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** A first cut of the "Stylist Account" modal (§2): who is signed in, the payout preference, and LOGOUT. */
export function AccountModal({ opened, onClose }: AccountModalProps) {
  const navigate = useNavigate();
  const { data } = useAccount();
  const account = data?.data.attributes;

  function onLogout() {
    onClose();
    void navigate(routes.logout.path);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Stylist Account" centered radius="md">
      <Stack gap="md">
        {account && (
          <Group gap="md" wrap="nowrap">
            <Avatar src={account.thumbnailUrl} alt="" radius="xl" size="lg" color="gold">
              {account.initials}
            </Avatar>
            <div>
              <Text fw={500}>{account.name}</Text>
              <Text size="sm" c="dimmed">
                {account.email}
              </Text>
            </div>
          </Group>
        )}
        <PayoutPreference />
        <Text size="sm" c="dimmed">
          Personal info, security and help settings are coming soon.
        </Text>
        <Divider color="dark.5" />
        <Button variant="outline" onClick={onLogout} fullWidth lts="0.12em">
          LOGOUT
        </Button>
      </Stack>
    </Modal>
  );
}
