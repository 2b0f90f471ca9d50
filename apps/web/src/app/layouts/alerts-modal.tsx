import { Modal, Text } from '@mantine/core';

interface AlertsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Placeholder for the notifications modal that a later issue builds (§2 Alerts). */
export function AlertsModal({ opened, onClose }: AlertsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Notifications" centered radius="md">
      <Text c="dimmed">Notifications are coming soon.</Text>
    </Modal>
  );
}
