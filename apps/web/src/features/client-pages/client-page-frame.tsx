import { CLIENT_PAGE_TEXT, HUB_TEXT, type ClientPageMeta } from '@atelier/contract';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hubPath } from './client-page-paths.ts';
import classes from './client-page.module.css';
import { isLinkNotValid } from './client-page-queries.ts';
import { NewLinkForm } from './new-link-form.tsx';

export const LOADING_TEXT = 'Loading your quotes…';

interface ClientPageFrameProps {
  /** The page's name, e.g. "Curated For"; the client's name follows it once loaded. */
  title: string;
  /** A heading of its own in place of the page's name and the client's (the hub's). */
  heading?: string | undefined;
  /** A line under the heading. */
  intro?: ReactNode;
  meta: Pick<ClientPageMeta, 'client' | 'stylist'> | undefined;
  /** While the page loads, the client's name is a placeholder of its size. */
  isLoading?: boolean;
  children: ReactNode;
  /** The page's main action, kept in the footer beside the stylist (e.g. "confirm quotes"). */
  footerAction?: ReactNode;
  /** The page's link token when the footer links to the client's hub ("See all your items"). */
  hubToken?: string | undefined;
}

/**
 * The frame of the pages a client opens from an email: who it is for in the header, their stylist
 * in the footer. It sits inside the app layout's <main>, so it brings no landmark of that kind.
 */
export function ClientPageFrame({
  title,
  heading,
  intro,
  meta,
  isLoading = false,
  children,
  footerAction,
  hubToken,
}: ClientPageFrameProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <h1 className={classes.title}>
          {heading === undefined ? (
            <>
              <span className={classes.eyebrow}>{title}</span>{' '}
              {meta && (
                <span className={classes.clientName}>
                  {meta.client.firstName} {meta.client.lastName}
                </span>
              )}
            </>
          ) : (
            <span className={classes.clientName}>{heading}</span>
          )}
        </h1>
        {intro && <Text className={classes.intro}>{intro}</Text>}
        {isLoading && <Skeleton height={36} width="60%" mx="auto" mt={6} aria-hidden="true" />}
      </header>
      <div className={classes.content}>{children}</div>
      {(meta || footerAction || hubToken) && (
        <footer className={classes.footer}>
          {meta && <StylistCard stylist={meta.stylist} />}
          {footerAction}
          {hubToken && (
            <Anchor component={Link} to={hubPath(hubToken)} size="sm" c="gold.3">
              {HUB_TEXT.seeAllItems}
            </Anchor>
          )}
        </footer>
      )}
    </div>
  );
}

/** A titled part of a client page, named by its heading (e.g. "Your answers"). */
export function ClientPageSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={classes.answered}>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Your Stylist": photo or initials and name, and a way to write to them when `email` is known. */
export function StylistCard({
  stylist,
  email,
}: {
  stylist: ClientPageMeta['stylist'];
  email?: string;
}) {
  return (
    <div className={classes.stylist}>
      <Avatar src={stylist.thumbnailUrl} alt="" size={48} radius="xl" color="gold">
        {stylist.initials}
      </Avatar>
      <div>
        <h2 className={classes.stylistLabel}>{CLIENT_PAGE_TEXT.yourStylist}</h2>
        <Text fw={500}>{stylist.name}</Text>
        {email && (
          <Anchor href={`mailto:${email}`} size="sm" c="gold.3">
            {HUB_TEXT.writeTo(stylist.firstName)}
          </Anchor>
        )}
      </div>
    </div>
  );
}

type ClientPageQuery<T> = Pick<
  UseQueryResult<T>,
  'data' | 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'
>;

interface ClientPageLoaderProps<T> {
  title: string;
  /** Null when the address holds no well-formed link token. */
  token: string | null;
  query: ClientPageQuery<T>;
  /** The footer links to the client's hub with the same token ("See all your items"). */
  hasHubLink?: boolean;
  children: (document: T, token: string) => ReactNode;
}

/** A client page in its frame: a skeleton while it loads, why it cannot show, or its content. */
export function ClientPageLoader<T extends { meta: ClientPageFrameProps['meta'] }>({
  title,
  token,
  query,
  hasHubLink = false,
  children,
}: ClientPageLoaderProps<T>) {
  const document = query.data;
  if (token === null || document === undefined) {
    return <ClientPageNotReady title={title} token={token} query={query} />;
  }
  return (
    <ClientPageFrame title={title} meta={document.meta} hubToken={hasHubLink ? token : undefined}>
      {children(document, token)}
    </ClientPageFrame>
  );
}

/** The frame of a page not loaded (yet): a skeleton while it loads, else why it cannot show. */
export function ClientPageNotReady<T>({
  title,
  token,
  query,
}: Omit<ClientPageLoaderProps<T>, 'children' | 'hasHubLink'>) {
  const isLoading = token !== null && query.isPending;
  return (
    <ClientPageFrame title={title} meta={undefined} isLoading={isLoading}>
      {isLoading ? <ClientPageSkeleton /> : <ClientPageUnavailable token={token} query={query} />}
    </ClientPageFrame>
  );
}

interface ClientPageUnavailableProps {
  /** Null when the address holds no well-formed link token. */
  token: string | null;
  query: Pick<UseQueryResult, 'isError' | 'error' | 'isFetching' | 'refetch'>;
}

/**
 * Why the page cannot show: a link that is not one (or is expired or revoked) is said plainly,
 * with a way to a new one, as retrying cannot help; any other failure offers "Try again". Null
 * while it can still load.
 */
function ClientPageUnavailable({ token, query }: ClientPageUnavailableProps) {
  if (token === null || isLinkNotValid(query.error)) {
    return (
      <>
        <Alert
          color="yellow"
          variant="light"
          radius="md"
          title={CLIENT_PAGE_TEXT.linkNotValid}
          className={classes.answered}
        >
          <Text size="sm">{CLIENT_PAGE_TEXT.linkNotValidHelp}</Text>
        </Alert>
        <NewLinkForm />
      </>
    );
  }
  if (!query.isError) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={CLIENT_PAGE_TEXT.loadFailed}
      className={classes.answered}
    >
      <Stack gap="sm" align="flex-start">
        {/* A client needs what to do, not the server's words. */}
        <Text size="sm">{CLIENT_PAGE_TEXT.loadFailedHelp}</Text>
        <Button
          size="xs"
          variant="outline"
          color="red.3"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Where the page's content goes while it loads: the shape of cards, so nothing jumps. */
function ClientPageSkeleton({ count = 1 }: { count?: number }) {
  return (
    <div className={classes.skeletons} role="status">
      <VisuallyHidden>{LOADING_TEXT}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={classes.skeletonCard} aria-hidden="true">
          <Skeleton className={classes.imageBox} radius={0} />
          <Stack gap="sm" p="md">
            <Skeleton height={10} width="35%" />
            <Skeleton height={20} width="75%" />
            <Skeleton height={24} width="40%" />
          </Stack>
        </div>
      ))}
    </div>
  );
}
