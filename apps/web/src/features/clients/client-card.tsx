import type { ClientResource, ShopLoginTarget } from '@atelier/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import classes from './clients.module.css';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { clientQuotesPath } from '../../app/routes.ts';
import { ShopLink } from './shop-link.tsx';

interface ClientCardProps {
  client: ClientResource;
  onOpenDetails: (clientId: number) => void;
}

/** One client of the list (§2): who they are, what waits on them, and where to go next. */
export function ClientCard({ client, onOpenDetails }: ClientCardProps) {
  const { attributes, links } = client;
  const pending = attributes.pendingItems[0];

  return (
    <Paper component="article" aria-label={attributes.name} className={classes.card} p="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            src={attributes.thumbnailUrl}
            alt={attributes.name}
            size={52}
            color="gold"
            variant="light"
          >
            {attributes.initials}
          </Avatar>
          <Title order={2} fz={22} className={classes.cardName}>
            {attributes.name}
          </Title>
          <Group gap={2} wrap="nowrap" ml="auto">
            {attributes.email && (
              <ActionIcon
                component="a"
                href={`mailto:${attributes.email}`}
                aria-label={`Email ${attributes.name}`}
                variant="subtle"
                color="gray"
                size="lg"
              >
                <IconMail size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            )}
            {attributes.phone && (
              <ActionIcon
                component="a"
                href={`tel:${attributes.phone}`}
                aria-label={`Call ${attributes.name}`}
                variant="subtle"
                color="gray"
                size="lg"
              >
                <IconPhone size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>

        {attributes.comment.trim() !== '' && (
          <Text size="sm" c="dark.1" lineClamp={4} className={classes.comment}>
            {attributes.comment}
          </Text>
        )}

        {(pending.pendingReviewTotal > 0 || pending.pendingShipmentTotal > 0) && (
          <Stack gap={6}>
            {pending.pendingReviewTotal > 0 && (
              <PendingLink
                clientId={client.id}
                target="quotes"
                label="Quotes to Review"
                count={pending.pendingReviewTotal}
                href={links.shopQuotes}
              />
            )}
            {pending.pendingShipmentTotal > 0 && (
              <PendingLink
                clientId={client.id}
                target="ship-list"
                label="Stuff to Ship"
                count={pending.pendingShipmentTotal}
                href={links.shopShipList}
              />
            )}
          </Stack>
        )}

        <Group gap={6} wrap="wrap">
          <Button size="xs" variant="filled" onClick={() => onOpenDetails(client.id)}>
            Details
          </Button>
          <ShopLink
            clientId={client.id}
            target="dashboard"
            href={links.shopAccount}
            size="xs"
            variant="default"
          >
            Buy
          </ShopLink>
          <Button size="xs" variant="default" component={Link} to={clientQuotesPath(client.id)}>
            Quotes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PendingLink({
  clientId,
  target,
  label,
  count,
  href,
}: {
  clientId: number;
  target: ShopLoginTarget;
  label: string;
  count: number;
  href: string | null;
}) {
  return (
    <ShopLink
      clientId={clientId}
      target={target}
      href={href}
      variant="light"
      size="sm"
      fullWidth
      justify="space-between"
      rightSection={
        <Badge variant="filled" size="md" circle={count < 10}>
          {count}
        </Badge>
      }
    >
      {label}
    </ShopLink>
  );
}

/** The card's shape while the list loads. */
export function ClientCardSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <Paper className={classes.card} p="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Skeleton circle height={52} />
          <Skeleton height={20} width="55%" />
        </Group>
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} height={10} width={index === lines - 1 ? '60%' : '100%'} />
        ))}
        <Group gap={6}>
          <Skeleton height={30} width={72} />
          <Skeleton height={30} width={52} />
          <Skeleton height={30} width={64} />
        </Group>
      </Stack>
    </Paper>
  );
}
