import { quoteProblems, type QuoteView } from '@atelier/contract';
import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer } from 'react';
import { Link, useParams } from 'react-router';
import { routes } from '../../app/routes.ts';
import { CompletionPanel } from '../pickup/index.ts';
import { ClientQuotesDialogs } from './client-quotes-dialogs.tsx';
import { clientQuotesReducer, initialClientQuotesState } from './client-quotes-state.ts';
import classes from './client-quotes.module.css';
import { PickupMode } from './pickup-mode.tsx';
import { parseClientId, refreshClientQuotes, useClientQuotes } from './quote-queries.ts';
import { SelectMode } from './select-mode.tsx';
import { useQuoteSelection } from './use-quote-selection.ts';

const NO_QUOTES: readonly QuoteView[] = [];
const PAGE_PADDING = {
  py: { base: 'lg', xs: 'xl' },
  px: { base: 'md', xs: 'xl' },
} as const;

/** /quotes/pickup/:id (§2 "Client quotes / pickup page"): one client's quotes, to act on. */
export function ClientQuotesPage() {
  const clientId = parseClientId(useParams().id);
  if (clientId === null) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" variant="light" radius="md" title="No such client">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">This link does not point to one of your clients.</Text>
            <Button component={Link} to={routes.clients.path} size="xs" variant="default">
              Your Clients
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  // Another client is another page: selection, filter and dialogs start afresh.
  return <ClientQuotes key={clientId} clientId={clientId} />;
}

/** The page's modes (client-quotes-state.ts) over one client's quotes and their selection. */
function ClientQuotes({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const query = useClientQuotes(clientId);
  const [state, dispatch] = useReducer(clientQuotesReducer, initialClientQuotesState);
  const { mode } = state;

  const quotes = query.data?.quotes ?? NO_QUOTES;
  const client = query.data?.client ?? null;
  const problems = useMemo(
    () => new Map(quotes.map((quote) => [quote.id, quoteProblems(quote)] as const)),
    [quotes],
  );
  const selectable = useMemo(
    () => quotes.filter((quote) => problems.get(quote.id)?.length === 0),
    [quotes, problems],
  );
  const selection = useQuoteSelection(selectable, { isFinishedAdding: mode === 'pickup' });

  function reloadAfterChange() {
    // A failed reload shows as the page's load error.
    refreshClientQuotes(queryClient, clientId).catch(() => {});
  }

  // §4: after a pickup or a label, the selection is cleared and the quotes reloaded.
  function onPickupCompleted() {
    selection.clear();
    dispatch({ type: 'pickup-completed' });
    reloadAfterChange();
  }

  function onLabelCreated() {
    selection.clear();
    reloadAfterChange();
  }

  if (mode === 'done') {
    return (
      <Container size="xl" {...PAGE_PADDING}>
        <CompletionPanel onDone={() => dispatch({ type: 'completion-dismissed' })} />
      </Container>
    );
  }

  return (
    <Container size="xl" {...PAGE_PADDING} className={classes.page}>
      {mode === 'pickup' ? (
        <PickupMode
          client={client}
          query={query}
          selected={selection.selected}
          onToggle={selection.toggle}
          onCancel={() => dispatch({ type: 'pickup-cancelled' })}
          onCompleted={onPickupCompleted}
        />
      ) : (
        <SelectMode
          clientId={clientId}
          client={client}
          query={query}
          quotes={quotes}
          problems={problems}
          selection={selection}
          statusFilter={state.statusFilter}
          dispatch={dispatch}
        />
      )}
      <ClientQuotesDialogs
        clientId={clientId}
        clientFirstName={client?.firstName ?? null}
        state={state}
        dispatch={dispatch}
        onResponsesSubmitted={selection.clear}
        onLabelCreated={onLabelCreated}
      />
    </Container>
  );
}
