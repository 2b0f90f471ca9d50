import type { ShipmentDocument } from '@atelier/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '../../app/routes.ts';
import { LoadError } from '../../components/load-error.tsx';
import {
  INVALID_MANIFEST_LINK_TEXT,
  isNotFound,
  MANIFEST_NOT_FOUND_TEXT,
  SIGN_IN_FOR_MANIFEST_TEXT,
  type ManifestSource,
} from './manifest-queries.ts';

interface ManifestUnavailableProps {
  source: ManifestSource;
  query: UseQueryResult<ShipmentDocument>;
  /** What failed to load, for the error's title, e.g. "This manifest could not be loaded". */
  loadErrorTitle: string;
}

/**
 * Why a manifest cannot be shown, in plain words: a link that is not one, a shipment id without a
 * signed-in stylist, no such manifest, or a failed load with Retry. Null while it can still load.
 */
export function ManifestUnavailable({ source, query, loadErrorTitle }: ManifestUnavailableProps) {
  if (source.kind === 'invalid') {
    return (
      <Notice title={INVALID_MANIFEST_LINK_TEXT}>
        Check that the whole link was copied, or open the manifest again from the email or the app.
      </Notice>
    );
  }
  if (source.kind === 'sign-in-required') {
    return (
      <Notice title={SIGN_IN_FOR_MANIFEST_TEXT}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Only the stylist who made this shipment can open it by its number.</Text>
          <Button component={Link} to={routes.home.path} size="xs" variant="default">
            Sign in
          </Button>
        </Stack>
      </Notice>
    );
  }
  if (!query.isError || query.data) return null;
  if (isNotFound(query.error)) {
    return (
      <Notice title={MANIFEST_NOT_FOUND_TEXT}>
        {source.kind === 'client'
          ? 'The link may have expired. Ask your stylist for a new one.'
          : 'It may have been made by another stylist, or the link may be mistyped.'}
      </Notice>
    );
  }
  return (
    <LoadError
      title={loadErrorTitle}
      message={query.error.message}
      isRetrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" radius="md" title={title}>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Alert>
  );
}
