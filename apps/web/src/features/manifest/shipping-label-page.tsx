import type { ShipmentDocument } from '@atelier/contract';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { manifestPath } from '../../app/routes.ts';
import { clientFullName } from './manifest-sheet.tsx';
import { useShipmentDocument } from './manifest-queries.ts';
import { ManifestUnavailable } from './manifest-unavailable.tsx';
import { PrintPageSetup } from './print-page-setup.tsx';
import print from './print.module.css';
import classes from './shipping-label-page.module.css';

export const NO_LABEL_TEXT = 'This pickup has no shipping label.';

/** /shipping-label/:id (§2), opened in a new tab: the 4x6 label to print, and its PDFs. */
export function ShippingLabelPage() {
  const { source, query } = useShipmentDocument(useParams().id);
  const document = query.data;

  let content;
  if (document) {
    content = <LabelView document={document} />;
  } else if (query.isPending && query.fetchStatus !== 'idle') {
    content = <LabelSkeleton />;
  } else {
    content = (
      <Stack gap="md">
        <Title order={1} fz={{ base: 30, xs: 38 }}>
          Shipping Label
        </Title>
        <ManifestUnavailable
          source={source}
          query={query}
          loadErrorTitle="This shipping label could not be loaded"
        />
      </Stack>
    );
  }

  return (
    <Container
      size="md"
      py={{ base: 'lg', xs: 'xl' }}
      px={{ base: 'md', xs: 'xl' }}
      className={print.page}
    >
      <PrintPageSetup size="4in 6in" margin="0" />
      <section aria-label="Shipping label" aria-busy={query.isFetching}>
        {content}
      </section>
    </Container>
  );
}

function LabelView({ document }: { document: ShipmentDocument }) {
  const shipment = document.data.attributes;
  const clientName = clientFullName(document.meta.client);
  const hasLabel = shipment.labelImageUrl !== null || shipment.labelUrl !== null;
  const carrier = [shipment.carrier, shipment.shippingMethod].filter(Boolean).join(' · ');

  const heading = (
    <div className={print.screenOnly}>
      <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
        Shipping Label
      </Text>
      <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
        {clientName}
      </Title>
    </div>
  );

  if (!hasLabel) {
    return (
      <Stack gap="lg">
        {heading}
        <Paper withBorder radius="md" p="xl" bg="dark.8">
          <Stack gap="md" align="flex-start">
            <Text>{NO_LABEL_TEXT}</Text>
            <Button component={Link} to={manifestPath(document.data.id)} variant="outline">
              Ship Manifest
            </Button>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {heading}
      <div className={classes.layout}>
        <div className={classes.frame}>
          {shipment.labelImageUrl ? (
            <img
              className={classes.label}
              src={shipment.labelImageUrl}
              alt={`Shipping label, tracking number ${shipment.trackingNumber ?? 'unknown'}`}
            />
          ) : (
            <Text className={print.screenOnly} c="dark.3" ta="center" p="md">
              The label preview is not available. Download the PDF to print it.
            </Text>
          )}
        </div>

        <Stack gap="lg" className={print.screenOnly}>
          <dl className={classes.facts}>
            <div>
              <dt>Tracking number</dt>
              <dd className={classes.tracking}>{shipment.trackingNumber ?? 'None'}</dd>
            </div>
            <div>
              <dt>Carrier</dt>
              <dd>{carrier || 'Not given'}</dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd>{document.included.length}</dd>
            </div>
          </dl>
          <Group gap="sm">
            {shipment.labelImageUrl && <Button onClick={() => window.print()}>Print Label</Button>}
            {shipment.labelUrl && (
              <Button
                component="a"
                href={shipment.labelUrl}
                download
                target="_blank"
                rel="noopener"
                variant="default"
              >
                Download PDF
              </Button>
            )}
            {shipment.shiplistPDFLink && (
              <Button
                component="a"
                href={shipment.shiplistPDFLink}
                target="_blank"
                rel="noopener"
                variant="default"
              >
                Ship List (PDF)
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Print on a 4×6 label, stick it on the box and pack the{' '}
            <Link to={manifestPath(document.data.id)} className={classes.link}>
              ship manifest
            </Link>{' '}
            inside.
          </Text>
        </Stack>
      </div>
    </Stack>
  );
}

function LabelSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Stack gap={8}>
        <Skeleton h={10} w={120} />
        <Skeleton h={34} w={220} />
      </Stack>
      <div className={classes.layout}>
        <Skeleton className={classes.frame} />
        <Stack gap="md">
          <Skeleton h={40} w="70%" />
          <Skeleton h={40} w="50%" />
          <Skeleton h={36} w={260} />
        </Stack>
      </div>
    </Stack>
  );
}
