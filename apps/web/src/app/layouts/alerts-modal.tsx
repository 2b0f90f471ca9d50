import { Modal } from '@mantine/core';
import { NotificationList } from '../../features/notifications/notification-list.tsx';

interface AlertsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The notifications modal (§2 Alerts): the bell and the action bar's Alerts open it. */
export function AlertsModal({ opened, onClose }: AlertsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Notifications" centered radius="md">
      <NotificationList onNavigate={onClose} />
    </Modal>
  );
}
