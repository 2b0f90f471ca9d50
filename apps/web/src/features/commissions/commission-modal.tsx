import { formatMoney, type CommissionDocument, type CommissionStatus } from '@atelier/contract';
import { Anchor, Group, Image, Modal, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { clientQuotesPath } from '../../app/routes.ts';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { IconPhoto } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCommission } from './commission-detail-queries.ts';
import classes from './commission-modal.module.css';

export const COMMISSION_NOT_FOUND = 'This commission could not be found.';

interface CommissionModalProps {
  /** The commission to show; the last one stays in place while the modal fades out. */
  commissionId: number | null;
  opened: boolean;
  onClose: () => void;
}

/** The commission detail modal (§2); full screen on phones. */
export function CommissionModal({ commissionId, opened, onClose }: CommissionModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [shownId, setShownId] = useState(commissionId);
  if (commissionId !== null && commissionId !== shownId) setShownId(commissionId);

  return (
    <Modal.Root
      opened={opened && shownId !== null}
      onClose={onClose}
      fullScreen={isMobile}
      size="lg"
      radius={isMobile ? 0 : 'md'}
    >
      <Modal.Overlay backgroundOpacity={0.7} blur={2} />
      <Modal.Content className={classes.content}>
        <Modal.Header className={classes.header}>
          <Modal.Title className={classes.title}>Commission</Modal.Title>
          <Modal.CloseButton />
        </Modal.Header>
        <Modal.Body className={classes.body}>
          {shownId !== null && <CommissionDetail key={shownId} commissionId={shownId} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The commission's content with its loading, error and not-found states; the page reuses it. */
export function CommissionDetail({ commissionId }: { commissionId: number }) {
  const query = useCommission(commissionId);

  if (query.data) return <CommissionContent document={query.data} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <CommissionNotFound />;
    return (
      <LoadError
        title="This commission could not be loaded"
        message={query.error.message}
        isRetrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <CommissionSkeleton />;
}

export function CommissionNotFound() {
  return (
    <Text role="alert" c="dimmed">
      {COMMISSION_NOT_FOUND}
    </Text>
  );
}

function CommissionContent({ document }: { document: CommissionDocument }) {
  const { attributes } = document.data;
  const product = document.included[0];
  const isPurchase = attributes.orderId !== null;
  const statusesHeadingId = useId();

  return (
    <Stack gap="lg">
      <Text className={classes.eyebrow}>
        {isPurchase ? 'Purchased for Client' : 'Sold for Client'}
      </Text>

      <Group gap="md" wrap="nowrap" align="flex-start">
        {product?.attributes.thumbnailUrl ? (
          <Image
            src={product.attributes.thumbnailUrl}
            alt={`${product.attributes.brand} ${product.attributes.titleWithoutBrand}`}
            className={classes.thumbnail}
            radius="sm"
          />
        ) : (
          <div className={classes.placeholder} role="img" aria-label="No product photo">
            <IconPhoto size={28} stroke={1.6} aria-hidden />
          </div>
        )}
        <Stack gap={4} className={classes.product}>
          {product ? (
            <>
              <Text className={classes.brand}>{product.attributes.brand}</Text>
              <Text fw={500}>{product.attributes.titleWithoutBrand}</Text>
              <Text size="sm" c="dimmed">
                Product ID {product.id}
              </Text>
            </>
          ) : (
            <Text fw={500}>{attributes.productName}</Text>
          )}
        </Stack>
      </Group>

      <dl className={classes.facts}>
        <div className={classes.fact}>
          <dt>Client</dt>
          <dd>
            <Anchor component={Link} to={clientQuotesPath(attributes.clientId)} c="gold.4">
              {attributes.clientName}
            </Anchor>
          </dd>
        </div>
        <div className={classes.fact}>
          <dt>{isPurchase ? 'Purchased' : 'Received on'}</dt>
          <dd>{formatDate(attributes.createdAt)}</dd>
        </div>
        <div className={classes.fact}>
          <dt>Payment</dt>
          <dd>{attributes.paidAt ? `Paid On ${formatDate(attributes.paidAt)}` : 'Pending'}</dd>
        </div>
        <div className={classes.fact}>
          <dt>Payout to Client</dt>
          <dd>{formatMoney(attributes.purchasePrice)}</dd>
        </div>
        <div className={classes.fact}>
          <dt>Stylist Commission</dt>
          <dd>{formatMoney(attributes.amount)}</dd>
        </div>
      </dl>

      <section aria-labelledby={statusesHeadingId}>
        <Text id={statusesHeadingId} className={classes.sectionTitle}>
          STATUS UPDATES
        </Text>
        {attributes.statuses.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            No status updates yet.
          </Text>
        ) : (
          <ol className={classes.statuses}>
            {attributes.statuses.map((status, index) => (
              <StatusEntry key={index} status={status} date={attributes.statusDates[index]} />
            ))}
          </ol>
        )}
      </section>
    </Stack>
  );
}

/** §3: each entry is a single `{label: text}` pair; §9: its date reads month/day/year. */
function StatusEntry({ status, date }: { status: CommissionStatus; date: string | undefined }) {
  const [label = '', text = ''] = Object.entries(status)[0] ?? [];
  return (
    <li className={classes.status}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="baseline">
        <Text span fw={600} size="sm">
          {label}
        </Text>
        {date && (
          <Text span size="xs" c="dimmed">
            <time dateTime={date}>{formatDate(date)}</time>
          </Text>
        )}
      </Group>
      <Text span size="sm" c="dimmed">
        {text}
      </Text>
    </li>
  );
}

function CommissionSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">Loading commission…</VisuallyHidden>
      <Skeleton height={12} width="35%" />
      <Group gap="md" wrap="nowrap">
        <Skeleton height={96} width={96} radius="sm" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={14} width="70%" />
          <Skeleton height={12} width="30%" />
        </Stack>
      </Group>
      <Skeleton height={140} />
      <Skeleton height={80} />
    </Stack>
  );
}
