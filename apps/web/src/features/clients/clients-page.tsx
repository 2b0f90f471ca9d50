import { isWordStartSearch, pluralize } from '@atelier/contract';
import {
  ActionIcon,
  Button,
  Container,
  EmptyState,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dashboardSectionPath } from '../../app/routes.ts';
import { IconRefresh, IconSearch, IconUsers } from '@tabler/icons-react';
import { ListPagination } from '../../components/list-pagination.tsx';
import { Masonry } from '../../components/masonry.tsx';
import { ClientCard, ClientCardSkeleton } from './client-card.tsx';
import { useClientsPage } from './client-queries.ts';
import classes from './clients.module.css';
import { LoadError } from '../../components/load-error.tsx';
import { scrollBehavior } from '../../lib/motion.ts';
import { OpenAfterMount } from '../../components/open-after-mount.tsx';

// A client's details (notes, stats, shop link) load when the first one is opened.
const ClientDetailModal = lazy(() =>
  import('./client-detail-modal.tsx').then((m) => ({ default: m.ClientDetailModal })),
);

const SKELETON_LINES = [2, 3, 1, 2, 3, 2];

/** `?page=` as a page number; anything that is not a whole number from 1 up reads as page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The list's place in the URL, so reload and Back return to it; page 1 stays implicit. */
export function clientsSearchParams(page: number, search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  return params;
}

/** /clients (§2): the stylist's clients, searchable and paged by the server. */
export function ClientsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const search = (searchParams.get('search') ?? '').trim();
  const query = useClientsPage(page, search);
  const [detailClientId, setDetailClientId] = useState<number | null>(null);
  // Mounted from its first opening on, so it closes with its transition.
  const [hasOpenedDetail, setHasOpenedDetail] = useState(false);
  if (detailClientId !== null && !hasOpenedDetail) setHasOpenedDetail(true);
  const pagination = query.data?.meta.pagination;

  function showList(nextPage: number, nextSearch: string) {
    const next = clientsSearchParams(nextPage, nextSearch);
    // The same list again: ask the server anew instead of stacking an identical history entry.
    if (next.toString() === clientsSearchParams(page, search).toString()) {
      void query.refetch();
      return;
    }
    setSearchParams(next);
  }

  function onSearch(term: string) {
    // §5: the term is trimmed; an empty one shows everyone. A new search starts at page 1.
    showList(1, term.trim());
  }

  function onPageChange(nextPage: number) {
    // §5: a page outside 1..totalPages is ignored.
    if (!pagination || !Number.isInteger(nextPage)) return;
    if (nextPage < 1 || nextPage > pagination.total_pages || nextPage === page) return;
    setSearchParams(clientsSearchParams(nextPage, search));
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }

  return (
    <Container size="lg" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Text size="xs" c="gold.4" tt="uppercase" lts="0.28em">
              Clients
            </Text>
            <Title order={1} fz={{ base: 30, xs: 38 }} mt={6}>
              Your Clients
            </Title>
            <Summary
              search={search}
              total={pagination?.total}
              page={page}
              totalPages={pagination?.total_pages}
            />
          </div>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to={dashboardSectionPath('addClient')} variant="filled">
              Add Client
            </Button>
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Refresh clients"
              loading={query.isFetching && !query.isPending}
              onClick={() => void query.refetch()}
            >
              <IconRefresh size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>

        <SearchForm search={search} onSearch={onSearch} />

        <section aria-label="Client list" aria-busy={query.isFetching}>
          <Stack gap="lg">
            {query.isError && (
              <LoadError
                title="Your clients could not be loaded"
                message={query.error.message}
                isRetrying={query.isFetching}
                onRetry={() => void query.refetch()}
              />
            )}

            {query.isPending && (
              <>
                <VisuallyHidden role="status">Loading clients…</VisuallyHidden>
                <Masonry>
                  {SKELETON_LINES.map((lines, index) => (
                    <ClientCardSkeleton key={index} lines={lines} />
                  ))}
                </Masonry>
              </>
            )}

            {query.data && query.data.data.length > 0 && (
              <Masonry>
                {query.data.data.map((client) => (
                  <ClientCard key={client.id} client={client} onOpenDetails={setDetailClientId} />
                ))}
              </Masonry>
            )}

            {query.data && query.data.data.length === 0 && (
              <NoClients
                search={search}
                page={page}
                total={query.data.meta.pagination.total}
                onShowAll={() => onSearch('')}
                onFirstPage={() => setSearchParams(clientsSearchParams(1, search))}
              />
            )}

            {pagination && pagination.total_pages > 1 && (
              <ListPagination
                page={page}
                totalPages={pagination.total_pages}
                onChange={onPageChange}
              />
            )}
          </Stack>
        </section>
      </Stack>

      <Suspense fallback={null}>
        {hasOpenedDetail && (
          <OpenAfterMount>
            {(canOpen) => (
              <ClientDetailModal
                clientId={canOpen ? detailClientId : null}
                onClose={() => setDetailClientId(null)}
              />
            )}
          </OpenAfterMount>
        )}
      </Suspense>
    </Container>
  );
}

function Summary(props: {
  search: string;
  total: number | undefined;
  page: number;
  totalPages: number | undefined;
}) {
  const { search, total, page, totalPages } = props;
  if (total === undefined || total === 0) return null;
  const count = search
    ? `${total} ${pluralize(total, 'match', 'matches')} for “${search}”`
    : `${total} ${pluralize(total, 'client')}`;
  const where = totalPages && totalPages > 1 ? ` · page ${page} of ${totalPages}` : '';
  return (
    <Text size="sm" c="dimmed" mt={4}>
      {count}
      {where}
    </Text>
  );
}

function SearchForm({ search, onSearch }: { search: string; onSearch: (term: string) => void }) {
  const [term, setTerm] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // Back and Forward change the URL's search: the box follows it without losing focus.
  if (search !== shownSearch) {
    setShownSearch(search);
    setTerm(search);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(term);
  }

  return (
    <form role="search" aria-label="Clients" onSubmit={onSubmit}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label="Search clients"
          placeholder="Name, email or phone"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          leftSection={<IconSearch size={18} stroke={1.6} aria-hidden />}
          style={{ flex: 1 }}
          size="md"
        />
        <Button type="submit" variant="default" size="md" px={{ base: 'sm', xs: 'lg' }}>
          Search
        </Button>
      </Group>
    </form>
  );
}

function NoClients(props: {
  search: string;
  page: number;
  total: number;
  onShowAll: () => void;
  onFirstPage: () => void;
}) {
  if (props.page > 1 && props.total > 0) {
    return (
      <EmptyState
        classNames={{ title: classes.emptyTitle }}
        py="xl"
        title={`There is no page ${props.page}.`}
        description="The list is shorter than that now."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onFirstPage}>
            Go to page 1
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (props.search) {
    return (
      <EmptyState
        classNames={{ title: classes.emptyTitle }}
        py="xl"
        icon={<IconSearch size={26} stroke={1.6} aria-hidden />}
        title="Sorry, can't find anyone matching that."
        description={
          isWordStartSearch(props.search)
            ? `No word of a client's name, email or phone starts with “${props.search}”.`
            : `No client's name, email or phone contains “${props.search}”.`
        }
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onShowAll}>
            Show all clients
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      classNames={{ title: classes.emptyTitle }}
      py="xl"
      icon={<IconUsers size={28} stroke={1.6} aria-hidden />}
      title="No clients yet"
      description="Add your first client and they will appear here, ready for quotes."
    >
      <EmptyState.Actions>
        <Button component={Link} to={dashboardSectionPath('addClient')}>
          Add Client
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
