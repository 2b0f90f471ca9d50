import {
  CLIENT_PAGE_TEXT,
  HUB_GROUPS,
  HUB_TEXT,
  type HubDocument,
  type HubGroup,
  type HubItem,
  type HubQuoteAction,
} from '@atelier/contract';
import { Anchor, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '../../app/routes.ts';
import { clientPagePaths } from './client-page-paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { ClientPageFrame, ClientPageNotReady, StylistCard } from './client-page-frame.tsx';
import { useClientPageToken, useHubDocument, useHubItemAction } from './client-page-queries.ts';
import classes from './client-page.module.css';
import { HubItemCard, type HubFeedback } from './hub-item.tsx';
import { useHubStream } from './use-hub-stream.ts';

/** The client's hub (`/hub/:token`): every item, grouped by what it needs, with its timeline. */
export function HubPage() {
  const token = useClientPageToken();
  const query = useHubDocument(token);
  const document = query.data;
  if (token === null || !document) {
    return <ClientPageNotReady title={routes.hub.title} token={token} query={query} />;
  }
  return <Hub token={token} document={document} />;
}

/** Why an answer was not recorded: the field the server named, else its message (409, 404). */
function actionErrorText(error: unknown): string {
  if (!isApiError(error)) return HUB_TEXT.actionFailed;
  const fieldMessage = Object.values(error.errors ?? {}).flat()[0];
  return fieldMessage ?? error.message;
}

function sentText(action: HubQuoteAction, stylistFirstName: string): string {
  if (action.action === 'accept') return HUB_TEXT.accepted;
  if (action.action === 'decline') return HUB_TEXT.declined;
  return HUB_TEXT.questionSent(stylistFirstName);
}

function Hub({ token, document }: { token: string; document: HubDocument }) {
  const { client, stylist } = document.meta;
  const send = useHubItemAction(token);
  // The office's decisions and the stylist's changes show without a reload.
  useHubStream(token);
  // Kept here, not on the item: an answered item moves to another group and is drawn anew.
  const [feedback, setFeedback] = useState<Readonly<Record<number, HubFeedback>>>({});
  const pending = send.isPending ? send.variables : undefined;

  function onAct(quoteId: number, action: HubQuoteAction, onSent: () => void) {
    if (send.isPending) return;
    setFeedback((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => Number(id) !== quoteId)),
    );
    send.mutate(
      { quoteId, action },
      {
        onSuccess: () => {
          onSent();
          setFeedback((current) => ({
            ...current,
            [quoteId]: { isError: false, text: sentText(action, stylist.firstName) },
          }));
        },
        onError: (error) =>
          setFeedback((current) => ({
            ...current,
            [quoteId]: { isError: true, text: actionErrorText(error) },
          })),
      },
    );
  }

  const groups = (Object.keys(HUB_GROUPS) as HubGroup[]).flatMap((group) => {
    const items = document.data.filter((item) => item.group === group);
    return items.length === 0 ? [] : [{ group, items }];
  });
  const firstId = document.data[0]?.id;

  return (
    <ClientPageFrame
      title={routes.hub.title}
      heading={HUB_TEXT.heading(client.firstName)}
      intro={HUB_TEXT.intro}
      meta={undefined}
    >
      <div className={classes.hubPeople}>
        <StylistCard stylist={stylist} email={stylist.email} />
        <YourPages token={token} pages={document.meta.pages} />
      </div>
      {groups.length === 0 ? (
        <Text size="lg" className={classes.message}>
          {HUB_TEXT.nothingYet(client.firstName)}
        </Text>
      ) : (
        groups.map(({ group, items }) => (
          <HubGroupSection key={group} group={group}>
            {items.map((item: HubItem) => (
              <li key={item.id}>
                <HubItemCard
                  item={item}
                  isFirst={item.id === firstId}
                  stylistFirstName={stylist.firstName}
                  feedback={feedback[item.id]}
                  pending={pending?.quoteId === item.id ? pending.action : undefined}
                  isBusy={send.isPending}
                  onAct={(action, onSent) => onAct(item.id, action, onSent)}
                />
              </li>
            ))}
          </HubGroupSection>
        ))
      )}
    </ClientPageFrame>
  );
}

function HubGroupSection({ group, children }: { group: HubGroup; children: ReactNode }) {
  const id = `hub-group-${group}`;
  return (
    <section aria-labelledby={id} className={classes.hubGroup}>
      <h2 id={id} className={classes.sectionTitle}>
        {HUB_GROUPS[group]}
      </h2>
      <ul className={classes.hubItems}>{children}</ul>
    </section>
  );
}

/** "Your pages": the client pages (§2) this link opens too. */
function YourPages({ token, pages }: { token: string; pages: HubDocument['meta']['pages'] }) {
  const links = [
    pages.curated && { to: clientPagePaths.curated(token), label: CLIENT_PAGE_TEXT.curatedFor },
    pages.quoteShare && {
      to: clientPagePaths.quoteShare(token),
      label: CLIENT_PAGE_TEXT.quoteShareHeading,
    },
    pages.offerApproval && {
      to: clientPagePaths.offerApproval(token),
      label: CLIENT_PAGE_TEXT.offerApprovalHeading,
    },
  ].filter((link) => link !== false);
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="hub-pages" className={classes.yourPages}>
      <h2 id="hub-pages" className={classes.stylistLabel}>
        {HUB_TEXT.pagesHeading}
      </h2>
      <ul className={classes.pageLinks}>
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} c="gold.3">
              {link.label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
