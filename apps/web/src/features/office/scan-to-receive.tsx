import {
  OfficeReceiveConflictSchema,
  statusLabel,
  type MissingItem,
  type OfficeReceipt,
  type ScannedItem,
} from '@atelier/contract';
import { Anchor, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconBarcode, IconCircleCheck, IconScan } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { officeItemPath } from './queue-view.ts';
import { useReceiveScan } from './receiving-queries.ts';
import classes from './scan-to-receive.module.css';

// The camera's scanner loads only when asked for, on browsers that can read barcodes.
const CameraScanner = lazy(() => import('./camera-scanner.tsx'));

const EMPTY_CODE = 'Scan or type a tracking number or a barcode first.';

/** What the last scan did, shown until the next one. */
type Outcome =
  | { kind: 'pending'; code: string }
  | { kind: 'received'; receipt: OfficeReceipt }
  | { kind: 'refused'; message: string; receipt: OfficeReceipt | null }
  | { kind: 'failed'; message: string };

/** Codes without spaces: a tracking number typed from a label is often grouped. */
const normalise = (code: string) => code.replace(/\s+/g, '');

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function summaryOf(receipt: OfficeReceipt): string {
  const received = plural(receipt.received.length, 'item');
  const missing =
    receipt.missing.length > 0 ? ` ${plural(receipt.missing.length, 'item')} not received.` : '';
  if (receipt.matched === 'item') {
    const [item] = receipt.received;
    return item ? `Received ${item.name} (#${item.quoteId}).` : `Received ${received}.`;
  }
  const client = receipt.shipment ? ` for ${receipt.shipment.client}` : '';
  return `Parcel ${receipt.code}${client}: ${received} received.${missing}`;
}

function outcomeOfError(code: string, error: Error): Outcome {
  if (error instanceof ApiError && error.status === 409) {
    const body = OfficeReceiveConflictSchema.safeParse(error.payload);
    return {
      kind: 'refused',
      message: error.message,
      receipt: body.success ? (body.data.receipt ?? null) : null,
    };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { kind: 'failed', message: error.message };
  }
  return { kind: 'failed', message: `${code} was not received: ${error.message}` };
}

function whyMissing(item: MissingItem): string {
  if (item.reason === 'already_received') {
    return item.receivedAt
      ? `Already received on ${formatDate(item.receivedAt)}`
      : 'Already received';
  }
  return `Not in transit: ${statusLabel(item.status) ?? item.status}`;
}

function ItemLine({ item, note }: { item: ScannedItem; note?: string }) {
  return (
    <li className={classes.item}>
      <Text size="xs" c="gold.3" tt="uppercase" lts="0.08em">
        {item.designer}
      </Text>
      <Anchor component={Link} to={officeItemPath(item.quoteId)} size="sm" c="dark.0">
        {item.name}
      </Anchor>{' '}
      <Text span size="xs" c="dark.1">
        #{item.quoteId} · {item.barCode}
      </Text>
      {note && (
        <Text size="sm" c="orange.3">
          {note}
        </Text>
      )}
    </li>
  );
}

function ReceiptLists({ receipt }: { receipt: OfficeReceipt }) {
  return (
    <>
      {receipt.received.length > 0 && (
        <section aria-label="Arrived">
          <Text size="sm" fw={600} mt="sm">
            Arrived, now at the warehouse
          </Text>
          <ul className={classes.items}>
            {receipt.received.map((item) => (
              <ItemLine key={item.quoteId} item={item} />
            ))}
          </ul>
        </section>
      )}
      {receipt.missing.length > 0 && (
        <section aria-label="Not received">
          <Text size="sm" fw={600} mt="sm">
            {receipt.matched === 'shipment' ? 'On the manifest, not received' : 'Not received'}
          </Text>
          <ul className={classes.items}>
            {receipt.missing.map((item) => (
              <ItemLine key={item.quoteId} item={item} note={whyMissing(item)} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

const hasCamera = () =>
  typeof window !== 'undefined' &&
  'BarcodeDetector' in window &&
  Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * "Scan to receive" (issue 30, §8): a USB scanner types a parcel's tracking number or an item's
 * barcode and Enter. The field is emptied and keeps the focus for the next parcel; what the scan
 * did is announced and stays until the next scan.
 */
export function ScanToReceive() {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const [canUseCamera] = useState(hasCamera);
  const input = useRef<HTMLInputElement>(null);
  const receive = useReceiveScan();
  const wasCameraOpen = useRef(false);

  // The camera's dialog gone (a code read, or closed), the field takes the next scan.
  useEffect(() => {
    if (wasCameraOpen.current && !isCameraOpen) input.current?.focus();
    wasCameraOpen.current = isCameraOpen;
  }, [isCameraOpen]);

  function scan(raw: string) {
    const scanned = normalise(raw);
    setCode('');
    input.current?.focus();
    if (!scanned) {
      setFieldError(EMPTY_CODE);
      return;
    }
    setFieldError(null);
    setOutcome({ kind: 'pending', code: scanned });
    receive.mutate(scanned, {
      onSuccess: (document) => setOutcome({ kind: 'received', receipt: document.data }),
      onError: (error) => setOutcome(outcomeOfError(scanned, error)),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    scan(code);
  }

  const receipt =
    outcome?.kind === 'received' || outcome?.kind === 'refused' ? outcome.receipt : null;
  const tone =
    outcome?.kind === 'received' ? 'ok' : outcome?.kind === 'pending' ? 'pending' : 'problem';

  return (
    <section aria-label="Receiving" className={classes.scanner}>
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          ref={input}
          label="Scan to receive"
          description="A parcel's tracking number receives every item on it; an item's barcode, that item."
          placeholder="Tracking number or barcode"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          leftSection={<IconBarcode size={18} stroke={1.6} aria-hidden />}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={80}
        />
        <Group gap="xs" mt="xs">
          {/* Never disabled while a scan is on its way: Enter must take the next parcel at once. */}
          <Button type="submit">Receive</Button>
          {canUseCamera && (
            <Button
              variant="default"
              leftSection={<IconScan size={18} stroke={1.6} aria-hidden />}
              onClick={() => setCameraOpen(true)}
            >
              Scan with camera
            </Button>
          )}
        </Group>
      </form>

      <div className={outcome ? `${classes.outcome} ${classes[tone]}` : undefined}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {outcome?.kind === 'pending' && (
            <Group gap="xs" wrap="nowrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Receiving {outcome.code}…</Text>
            </Group>
          )}
          {outcome?.kind === 'received' && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconCircleCheck size={20} stroke={1.6} aria-hidden className={classes.okIcon} />
              <Text size="sm" fw={600}>
                {summaryOf(outcome.receipt)}
              </Text>
            </Group>
          )}
          {(outcome?.kind === 'refused' || outcome?.kind === 'failed') && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={20}
                stroke={1.6}
                aria-hidden
                className={classes.problemIcon}
              />
              <Text size="sm" fw={600}>
                {outcome.kind === 'refused'
                  ? `Nothing received. ${outcome.message}`
                  : outcome.message}
              </Text>
            </Group>
          )}
        </div>
        {receipt && <ReceiptLists receipt={receipt} />}
      </div>

      {isCameraOpen && (
        <Suspense fallback={null}>
          <CameraScanner
            onClose={() => setCameraOpen(false)}
            onCode={(scanned) => {
              setCameraOpen(false);
              scan(scanned);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
