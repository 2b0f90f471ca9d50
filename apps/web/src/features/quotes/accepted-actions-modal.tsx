import { pluralize, type QuoteView } from '@atelier/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { IconHandStop, IconTruck } from '@tabler/icons-react';
import { quoteTitle } from './quote-card.tsx';

interface AcceptedActionsModalProps {
  quotes: readonly QuoteView[];
  opened: boolean;
  onClose: () => void;
  onShippingLabel: () => void;
  onPickup: () => void;
}

/** §2 acceptedQuoteActions: what to do with accepted items, a shipping label or an in-person pickup. */
export function AcceptedActionsModal({
  quotes,
  opened,
  onClose,
  onShippingLabel,
  onPickup,
}: AcceptedActionsModalProps) {
  const labelHintId = useId();
  const pickupHintId = useId();
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
          <Stack gap={6}>
            <Button
              variant="default"
              size="md"
              leftSection={<IconTruck size={18} stroke={1.6} aria-hidden />}
              aria-describedby={labelHintId}
              onClick={onShippingLabel}
            >
              Shipping Label
            </Button>
            <Text id={labelHintId} size="xs" c="dimmed" ta="center">
              Print a prepaid label and send the items to the warehouse.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Button
              variant="default"
              size="md"
              leftSection={<IconHandStop size={18} stroke={1.6} aria-hidden />}
              aria-describedby={pickupHintId}
              onClick={onPickup}
            >
              Pickup
            </Button>
            <Text id={pickupHintId} size="xs" c="dimmed" ta="center">
              Collect the items in person, with your client&apos;s signature.
            </Text>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
