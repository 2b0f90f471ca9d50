import { MOBILE_APP_SCHEME_URL } from '@atelier/contract';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { ManifestSheet, manifestFooter } from './manifest-sheet.tsx';
import { useShipmentDocument } from './manifest-queries.ts';
import { ManifestUnavailable } from './manifest-unavailable.tsx';
import { PrintPageSetup } from './print-page-setup.tsx';
import print from './print.module.css';
import { usePrintWhenReady } from './use-print-when-ready.ts';

export const PREPARING_TEXT = 'Preparing to print';
export const PRINTED_TEXT = 'Sent to the printer';

/**
 * /quotes/:shipmentId/print (§2): opened from the stylist app or the ship-list email. Shows a
 * spinner, prints the manifest after a second, then returns to the app.
 */
export function ManifestPrintPage() {
  const { source, query } = useShipmentDocument(useParams().shipmentId);
  const sheetRef = useRef<HTMLDivElement>(null);
  const hasPrinted = usePrintWhenReady(query.data !== undefined, sheetRef);
  const isWaiting = source.kind === 'stylist' || source.kind === 'client';

  return (
    <Container
      size="sm"
      py={{ base: 'lg', xs: 'xl' }}
      px={{ base: 'md', xs: 'xl' }}
      className={print.page}
    >
      <PrintPageSetup
        size="letter"
        margin="0.5in"
        footer={query.data && manifestFooter(query.data)}
      />
      <div className={print.screenOnly}>
        {hasPrinted ? (
          <Stack align="center" gap="sm" py="xl" ta="center">
            <Title order={1} fz={{ base: 28, xs: 34 }}>
              {PRINTED_TEXT}
            </Title>
            <Text c="dimmed">Pack the printed manifest with the items.</Text>
            <Group gap="sm" mt="sm" justify="center">
              <Button variant="default" onClick={() => window.print()}>
                Print again
              </Button>
              <Button component="a" href={MOBILE_APP_SCHEME_URL}>
                Back to the app
              </Button>
            </Group>
          </Stack>
        ) : query.isError || !isWaiting ? (
          <Stack gap="md">
            <Title order={1} fz={{ base: 28, xs: 34 }}>
              Print Manifest
            </Title>
            <ManifestUnavailable
              source={source}
              query={query}
              loadErrorTitle="This manifest could not be loaded"
            />
          </Stack>
        ) : (
          <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
            <Loader color="gold" size="lg" aria-hidden />
            <Title order={1} fz={{ base: 28, xs: 34 }}>
              {PREPARING_TEXT}
            </Title>
            <Text c="dimmed">The print dialog opens in a moment.</Text>
          </Stack>
        )}
      </div>
      {query.data && (
        <div ref={sheetRef} className={print.printOnly}>
          <ManifestSheet document={query.data} />
        </div>
      )}
    </Container>
  );
}
