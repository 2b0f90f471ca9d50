import { PICKUP_TEXT, pluralize, type QuoteView, type ShippingLabel } from '@atelier/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { manifestPath, shippingLabelPath } from '../../app/routes.ts';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { IconCheck, IconExternalLink, IconPhoto, IconTruck } from '@tabler/icons-react';
import { failureLinesOf, useCreateShippingLabel } from './pickup-mutations.ts';
import classes from './pickup.module.css';

export const CREATING_LABEL_TEXT = 'Creating your label…';

interface ShippingLabelModalProps {
  clientId: number;
  clientFirstName: string | null;
  /** The selected accepted items the label is for. */
  quotes: readonly QuoteView[];
  opened: boolean;
  onClose: () => void;
  /** After the label was bought (and its toast shown). */
  onCreated: (label: ShippingLabel) => void;
}

/** §2 shippingLabelOptions: buys one label for the selected items, then shows its tracking. */
/** Height of a two-line toast and its offset from the top of the window. */
const TOAST_ROOM = 88;

export function ShippingLabelModal({
  clientId,
  clientFirstName,
  quotes,
  opened,
  onClose,
  onCreated,
}: ShippingLabelModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const createLabel = useCreateShippingLabel(clientId);
  const isCreating = createLabel.isPending;
  const label = createLabel.data ?? null;

  function close() {
    // The label is being bought: its outcome must still be shown, so the modal stays.
    if (!isCreating) onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={label ? 'Shipping Label Created' : 'Create Shipping Label'}
      size="lg"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      // The success toast stays at the top until closed (§8): leave it room above the details.
      yOffset={TOAST_ROOM}
      styles={isMobile && label ? { content: { paddingTop: TOAST_ROOM } } : undefined}
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
      closeButtonProps={{ disabled: isCreating }}
      closeOnClickOutside={!isCreating}
      classNames={{ title: classes.modalTitle }}
    >
      {label ? (
        <LabelCreated label={label} clientFirstName={clientFirstName} onDone={onClose} />
      ) : (
        <LabelForm
          quotes={quotes}
          clientFirstName={clientFirstName}
          mutation={createLabel}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function LabelForm({
  quotes,
  clientFirstName,
  mutation,
  onCreated,
}: {
  quotes: readonly QuoteView[];
  clientFirstName: string | null;
  mutation: ReturnType<typeof useCreateShippingLabel>;
  onCreated: (label: ShippingLabel) => void;
}) {
  const [emailClientShiplist, setEmailClientShiplist] = useState(false);
  const [failures, setFailures] = useState<readonly string[]>([]);
  const isCreating = mutation.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCreating) return;
    if (quotes.length === 0) {
      notifications.show({ color: 'red', message: PICKUP_TEXT.noLabelItems });
      return;
    }
    setFailures([]);
    mutation.mutate(
      { itemIds: quotes.map((quote) => quote.id), emailClientShiplist },
      {
        onSuccess: (label) => {
          // §8: stays until dismissed, so the tracking number can be copied.
          notifications.show({
            color: 'green',
            message: PICKUP_TEXT.labelSucceeded(label.tracking_number),
            autoClose: false,
          });
          onCreated(label);
        },
        onError: (error) => {
          setFailures(failureLinesOf(error, PICKUP_TEXT.labelFailed));
          notifications.show({ color: 'red', message: PICKUP_TEXT.labelFailedToast });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isCreating}>
      <Stack gap="md">
        <div>
          <Text size="xs" c="dark.2" tt="uppercase" lts="0.12em" mb={4}>
            {quotes.length} {pluralize(quotes.length, 'item')} in one parcel
          </Text>
          <ItemList quotes={quotes} />
        </div>

        <Checkbox
          checked={emailClientShiplist}
          onChange={(event) => setEmailClientShiplist(event.currentTarget.checked)}
          disabled={isCreating}
          label={`Email ${clientFirstName ?? 'the client'} the ship list`}
          description="A PDF listing every item in the parcel."
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

        <Group justify="flex-end" align="center" gap="md">
          {isCreating && (
            <Text role="status" size="sm" c="dimmed">
              {CREATING_LABEL_TEXT}
            </Text>
          )}
          <Button
            type="submit"
            leftSection={<IconTruck size={18} stroke={1.6} aria-hidden />}
            loading={isCreating}
            w={{ base: '100%', xs: 'auto' }}
          >
            Create Shipping Label
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ItemList({ quotes }: { quotes: readonly QuoteView[] }) {
  return (
    <ul className={classes.itemList} aria-label="Items">
      {quotes.map((quote) => (
        <li key={quote.id} className={classes.itemRow}>
          {quote.imageUrl ? (
            <img src={quote.imageUrl} alt="" className={classes.thumb} />
          ) : (
            <Group className={classes.thumb} justify="center" c="dark.3" aria-hidden="true">
              <IconPhoto size={18} stroke={1.6} aria-hidden />
            </Group>
          )}
          <div style={{ minWidth: 0 }}>
            {quote.brand && <Text className={classes.brand}>{quote.brand}</Text>}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {quote.name}
            </Text>
          </div>
          <Text size="xs" c="dimmed" ml="auto">
            #{quote.id}
          </Text>
        </li>
      ))}
    </ul>
  );
}

function LabelCreated({
  label,
  clientFirstName,
  onDone,
}: {
  label: ShippingLabel;
  clientFirstName: string | null;
  onDone: () => void;
}) {
  const resultRef = useRef<HTMLParagraphElement>(null);

  // The form and its button are gone: focus moves to what replaced them, so it is read out.
  useEffect(() => {
    resultRef.current?.focus();
  }, []);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <span className={classes.completionMark} style={{ width: 40, height: 40 }}>
          <IconCheck size={20} stroke={2} aria-hidden />
        </span>
        <Text ref={resultRef} tabIndex={-1} size="sm" c="dark.1" style={{ outline: 0 }}>
          The label is ready to print.
          {label.emailed_client &&
            ` The ship list is on its way to ${clientFirstName ?? 'your client'}.`}
        </Text>
      </Group>
      <dl className={classes.details} aria-label="Tracking details">
        <dt>Tracking</dt>
        <dd className={classes.tracking}>{label.tracking_number}</dd>
        <dt>Carrier</dt>
        <dd>
          {label.carrier} · {label.shipping_method}
        </dd>
        <dt>Ships to</dt>
        <dd>{label.warehouse}</dd>
      </dl>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Button
          component="a"
          href={shippingLabelPath(label.shipment_id)}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
        >
          Open Label
        </Button>
        <Button
          component="a"
          href={label.shiplistPDFLink}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
        >
          Ship List (PDF)
        </Button>
        <Button component={Link} to={manifestPath(label.shipment_id)} variant="default">
          View Manifest
        </Button>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="subtle" color="gray" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
