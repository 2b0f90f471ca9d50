import type { ShipmentDocument } from '@atelier/contract';
import { Box, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { shippingLabelPath } from '../../app/routes.ts';
import { clientFullName, ManifestSheet, manifestFooter } from './manifest-sheet.tsx';
import classes from './manifest-page.module.css';
import { useShipmentDocument } from './manifest-queries.ts';
import { ManifestUnavailable } from './manifest-unavailable.tsx';
import { PrintPageSetup } from './print-page-setup.tsx';
import print from './print.module.css';

export const MANIFEST_MESSAGE = 'Print this manifest and pack it with the items.';

/** /quotes/manifest/:shipmentId (§2): the stylist's manifest, previewed as paper, with Print. */
export function ManifestPage() {
  const { source, query } = useShipmentDocument(useParams().shipmentId);
  const document = query.data;

  return (
    <Container
      size="md"
      py={{ base: 'lg', xs: 'xl' }}
      px={{ base: 'md', xs: 'xl' }}
      className={print.page}
    >
      <PrintPageSetup size="letter" margin="0.5in" footer={document && manifestFooter(document)} />
      <Stack gap="lg">
        <div className={print.screenOnly}>
          {document ? (
            <ManifestHeader document={document} />
          ) : (
            <ManifestUnavailable
              source={source}
              query={query}
              loadErrorTitle="This manifest could not be loaded"
            />
          )}
        </div>
        <section aria-label="Manifest" aria-busy={query.isFetching}>
          {document ? (
            <div className={classes.paper}>
              <ManifestSheet document={document} />
            </div>
          ) : (
            query.isPending && query.fetchStatus !== 'idle' && <ManifestSkeleton />
          )}
        </section>
      </Stack>
    </Container>
  );
}

function ManifestHeader({ document }: { document: ShipmentDocument }) {
  const shipment = document.data;
  const hasLabel =
    shipment.attributes.labelUrl !== null || shipment.attributes.labelImageUrl !== null;
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
          Ship Manifest
        </Text>
        <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
          {clientFullName(document.meta.client)}
        </Title>
        <Text c="dimmed" mt={4}>
          {MANIFEST_MESSAGE}
        </Text>
      </div>
      <Group gap="sm">
        {hasLabel && (
          <Button
            component="a"
            href={shippingLabelPath(shipment.id)}
            target="_blank"
            rel="noopener"
            variant="default"
          >
            Shipping Label
          </Button>
        )}
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
    </Group>
  );
}

function ManifestSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Stack gap={8}>
        <Skeleton h={10} w={120} />
        <Skeleton h={34} w={220} />
        <Skeleton h={12} w={300} />
      </Stack>
      <Box className={classes.paper}>
        <Stack gap="md">
          <Skeleton h={28} w="55%" />
          <Skeleton h={90} />
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={64} />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
