import {
  PICKUP_TEXT,
  SIGNATURE_PAD,
  pluralize,
  type QuoteView,
  type ShipmentDocument,
} from '@atelier/contract';
import { Alert, Button, Group, List, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { IconHandStop, IconPencil } from '@tabler/icons-react';
import { failureLinesOf, failureMessageOf, useCompletePickup } from './pickup-mutations.ts';
import classes from './pickup.module.css';
import type { Signature } from './signature-modal.tsx';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';

// The signature pad loads when the stylist first opens it.
const SignatureModal = lazy(() =>
  import('./signature-modal.tsx').then((m) => ({ default: m.SignatureModal })),
);

interface PickupConfirmationProps {
  /** The selected items being handed over. */
  quotes: readonly QuoteView[];
  clientFirstName: string | null;
  /** Back to the quotes, keeping the selection. */
  onCancel: () => void;
  onCompleted: (shipment: ShipmentDocument) => void;
}

/**
 * The pickup mode's panel (§2, §5): the client's signature and Confirm Pickup, which records the
 * selected items as collected in person.
 */
export function PickupConfirmation({
  quotes,
  clientFirstName,
  onCancel,
  onCompleted,
}: PickupConfirmationProps) {
  const [signature, setSignature] = useState<Signature | null>(null);
  const [isSigning, setIsSigning] = useState(false);
  const [hasOpenedPad, setHasOpenedPad] = useState(false);
  if (isSigning && !hasOpenedPad) setHasOpenedPad(true);
  const [failures, setFailures] = useState<readonly string[]>([]);
  const completePickup = useCompletePickup();
  const isSubmitting = completePickup.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second click while the first is on its way sends nothing (the server is idempotent too).
    if (isSubmitting) return;
    if (quotes.length === 0) {
      notifications.show({ color: 'red', message: PICKUP_TEXT.noPickupItems });
      return;
    }
    if (!signature) {
      notifications.show({
        color: 'yellow',
        title: PICKUP_TEXT.signatureRequiredTitle,
        message: PICKUP_TEXT.signatureRequired,
      });
      return;
    }
    setFailures([]);
    completePickup.mutate(
      { quoteIds: quotes.map((quote) => quote.id), signature: signature.dataUrl },
      {
        onSuccess: (shipment) => {
          notifications.show({ color: 'green', message: PICKUP_TEXT.pickupSucceeded });
          onCompleted(shipment);
        },
        onError: (error) => {
          setFailures(failureLinesOf(error, PICKUP_TEXT.pickupFailed));
          notifications.show({
            color: 'red',
            message: failureMessageOf(error, PICKUP_TEXT.pickupFailed),
          });
        },
      },
    );
  }

  const who = clientFirstName ?? 'Your client';

  return (
    <>
      <form
        aria-label="Confirm pickup"
        className={classes.pickupPanel}
        onSubmit={onSubmit}
        noValidate
        aria-busy={isSubmitting}
      >
        <Stack gap="md">
          <div>
            <Text size="xs" c="gold.4" tt="uppercase" lts="0.22em">
              {quotes.length} {pluralize(quotes.length, 'item')} to collect
            </Text>
            <Title order={2} className={classes.panelTitle} mt={4}>
              Client signature
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {who} signs to confirm handing {quotes.length === 1 ? 'this item' : 'these items'}{' '}
              over to you.
            </Text>
          </div>

          <SignatureView
            signature={signature}
            isLocked={isSubmitting}
            onOpen={() => setIsSigning(true)}
            onClear={() => setSignature(null)}
          />

          {failures.length > 0 && (
            <Alert color="red" variant="light" radius="md" title={PICKUP_TEXT.labelErrorsHeading}>
              <List size="sm" spacing={2}>
                {failures.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          )}

          <Stack gap="xs">
            <Button
              type="submit"
              size="md"
              fullWidth
              leftSection={<IconHandStop size={18} stroke={1.6} aria-hidden />}
              loading={isSubmitting}
              disabled={!signature || quotes.length === 0}
            >
              Confirm Pickup
            </Button>
            <Button
              variant="subtle"
              color="gray"
              fullWidth
              onClick={onCancel}
              disabled={isSubmitting}
            >
              Back to quotes
            </Button>
          </Stack>
        </Stack>
      </form>
      <Suspense fallback={null}>
        {hasOpenedPad && (
          <OpenAfterMount>
            {(canOpen) => (
              <SignatureModal
                opened={canOpen && isSigning}
                onClose={() => setIsSigning(false)}
                signature={signature}
                onSave={setSignature}
                onClear={() => setSignature(null)}
              />
            )}
          </OpenAfterMount>
        )}
      </Suspense>
    </>
  );
}

function SignatureView({
  signature,
  isLocked,
  onOpen,
  onClear,
}: {
  signature: Signature | null;
  isLocked: boolean;
  onOpen: () => void;
  onClear: () => void;
}) {
  if (!signature) {
    return (
      <UnstyledButton
        className={classes.inlineSignature}
        data-empty
        h={SIGNATURE_PAD.inlineHeight}
        onClick={onOpen}
        disabled={isLocked}
      >
        <IconPencil size={26} stroke={1.5} aria-hidden />
        Tap to sign
      </UnstyledButton>
    );
  }
  return (
    <Stack gap={6}>
      <UnstyledButton
        className={classes.inlineSignature}
        h={SIGNATURE_PAD.inlineHeight}
        onClick={onOpen}
        disabled={isLocked}
        aria-label="Client signature, open to change"
      >
        <img src={signature.dataUrl} alt="Client signature" className={classes.inlineImage} />
      </UnstyledButton>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Signed · tap to view
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          onClick={onClear}
          disabled={isLocked}
        >
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}
