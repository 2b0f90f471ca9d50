import { pluralize, type QuoteView } from '@atelier/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { HandIcon, TruckIcon } from '../../components/icons.tsx';
import { quoteTitle } from './quote-card.tsx';

export const LOGISTICS_PENDING_NOTE =
  'Shipping labels and pickups arrive with the logistics release.';

interface AcceptedActionsModalProps {
  quotes: readonly QuoteView[];
  opened: boolean;
  onClose: () => void;
}

/** §2 acceptedQuoteActions: what to do with accepted items, a shipping label or an in-person pickup. */
export function AcceptedActionsModal({ quotes, opened, onClose }: AcceptedActionsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pickup or Shipping Label"
      centered
      radius="md"
      size="md"
    >
      <Stack gap="md">
        <div>
          <Text size="xs" c="dark.2" tt="uppercase" lts="0.12em" mb={6}>
            {quotes.length} {pluralize(quotes.length, 'item')}
          </Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {quotes.map((quote) => (
              <Text component="li" key={quote.id} size="sm">
                {quoteTitle(quote)}
              </Text>
            ))}
          </Stack>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" leftSection={<TruckIcon />} disabled>
            Shipping Label
          </Button>
          <Button variant="default" leftSection={<HandIcon />} disabled>
            Pickup
          </Button>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {LOGISTICS_PENDING_NOTE}
        </Text>
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
