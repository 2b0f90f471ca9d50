import type { ClientResource } from '@atelier/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import classes from './client-detail.module.css';
import { IconExternalLink, IconMail, IconPhone, IconRefresh } from '@tabler/icons-react';
import { ClientNotes, useClientNotes } from './client-notes.tsx';
import { clientQuotesPath } from '../../app/routes.ts';
import { refreshClient, useClient, useUploadClientPhoto } from './client-queries.ts';
import { CommissionStats, ItemSalesStats } from './client-stats.tsx';
import { MOBILE_MEDIA_QUERY } from '../../app/theme.ts';
import { ShopLink } from './shop-link.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PhotoPicker } from '../../components/photo-picker.tsx';

interface ClientDetailModalProps {
  /** The client to show; null keeps the modal closed. */
  clientId: number | null;
  onClose: () => void;
}

/** The client detail modal (§2); full screen on phones. */
export function ClientDetailModal({ clientId, onClose }: ClientDetailModalProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const isOpen = clientId !== null;
  // The last client shown stays in place while the modal fades out.
  const [shownClientId, setShownClientId] = useState(clientId);
  if (clientId !== null && clientId !== shownClientId) setShownClientId(clientId);

  return (
    <Modal.Root
      opened={isOpen}
      onClose={onClose}
      fullScreen={isMobile}
      size="lg"
      radius={isMobile ? 0 : 'md'}
    >
      <Modal.Overlay backgroundOpacity={0.7} blur={2} />
      <Modal.Content className={classes.content}>
        {shownClientId !== null && (
          <ClientDetail key={shownClientId} clientId={shownClientId} isOpen={isOpen} />
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

function ClientDetail({ clientId, isOpen }: { clientId: number; isOpen: boolean }) {
  const query = useClient(clientId);

  if (query.data) {
    return <LoadedClientDetail client={query.data.data} isOpen={isOpen} />;
  }
  return (
    <>
      <Modal.Header className={classes.header}>
        <Modal.Title className={classes.title}>Client details</Modal.Title>
        <Modal.CloseButton />
      </Modal.Header>
      <Modal.Body className={classes.body}>
        {query.isError ? (
          <LoadError
            title="This client could not be loaded"
            message={query.error.message}
            isRetrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ClientDetailSkeleton />
        )}
      </Modal.Body>
    </>
  );
}

function LoadedClientDetail({ client, isOpen }: { client: ClientResource; isOpen: boolean }) {
  const { attributes, links } = client;
  const queryClient = useQueryClient();
  const notes = useClientNotes(client.id, attributes.comment);
  const { autosave } = notes;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const reload = useMutation({
    mutationFn: () => refreshClient(queryClient, client.id),
    onSuccess: (document) => autosave.replaceSavedText(document.data.attributes.comment),
  });

  // The loading view's title held the focus and is gone: the client's name takes it.
  useEffect(() => titleRef.current?.focus(), []);

  useEffect(() => {
    // Closing saves what is left at once rather than after the fade-out.
    if (!isOpen) void autosave.flush();
  }, [isOpen, autosave]);

  return (
    <>
      <Modal.Header className={classes.header}>
        <Modal.Title ref={titleRef} className={classes.title}>
          {attributes.name}
        </Modal.Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Reload client"
            loading={reload.isPending}
            onClick={() => reload.mutate()}
          >
            <IconRefresh size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
          <Modal.CloseButton />
        </Group>
      </Modal.Header>
      <Modal.Body className={classes.body}>
        <Stack gap="xl">
          {reload.isError && (
            <Text role="alert" size="sm" c="red.4">
              Could not reload — {reload.error.message}
            </Text>
          )}
          <Group gap="lg" wrap="nowrap" align="center">
            <ClientPhoto client={client} />
            <Stack gap={6} className={classes.contact}>
              {attributes.phone && (
                <Anchor href={`tel:${attributes.phone}`} className={classes.contactLink}>
                  <IconPhone size={16} stroke={1.6} aria-hidden />
                  <span>{attributes.phone}</span>
                </Anchor>
              )}
              {attributes.email && (
                <Anchor href={`mailto:${attributes.email}`} className={classes.contactLink}>
                  <IconMail size={16} stroke={1.6} aria-hidden />
                  <span>{attributes.email}</span>
                </Anchor>
              )}
              {links.admin && (
                <Anchor
                  href={links.admin}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.contactLink}
                >
                  <IconExternalLink size={16} stroke={1.6} aria-hidden />
                  <span>Supplier record</span>
                </Anchor>
              )}
            </Stack>
          </Group>

          <CommissionStats attributes={attributes} />
          <ItemSalesStats attributes={attributes} />

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button component={Link} to={clientQuotesPath(client.id)} variant="filled">
              Quotes
            </Button>
            <ShopLink
              clientId={client.id}
              target="dashboard"
              href={links.shopAccount}
              variant="default"
            >
              Purchase History
            </ShopLink>
          </SimpleGrid>

          <ClientNotes notes={notes} />
        </Stack>
      </Modal.Body>
    </>
  );
}

function ClientPhoto({ client }: { client: ClientResource }) {
  const { attributes } = client;
  const upload = useUploadClientPhoto(client.id);
  return (
    <PhotoPicker
      thumbnailUrl={attributes.thumbnailUrl}
      initials={attributes.initials}
      fileLabel={`Photo of ${attributes.name}`}
      messageWidth={140}
      upload={{
        isPending: upload.isPending,
        error: upload.error,
        reset: upload.reset,
        upload: (file) => upload.mutate({ userId: attributes.userId, file }),
      }}
    />
  );
}

function ClientDetailSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <VisuallyHidden role="status">Loading client…</VisuallyHidden>
      <Group gap="lg" wrap="nowrap">
        <Skeleton circle height={84} />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Skeleton height={14} width="50%" />
          <Skeleton height={14} width="70%" />
        </Stack>
      </Group>
      <Skeleton height={72} />
      <Skeleton height={88} />
      <Skeleton height={120} />
    </Stack>
  );
}
