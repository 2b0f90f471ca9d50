import {
  OFFICE_DECISION_LABELS,
  OFFICE_STAGE_LABELS,
  type OfficeDecision,
  type OfficeItemDocument,
  type QuoteActor,
} from '@atelier/contract';
import { Anchor, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ItemTimeline } from '../../components/item-timeline.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DecisionForm } from './item-decision-form.tsx';
import {
  backToQueuePath,
  decisionBody,
  decisionErrors,
  formatStatus,
  needsForm,
  type DecisionField,
  type DecisionValues,
} from './item-decisions.ts';
import { ItemMoreInfo } from './item-more-info.tsx';
import { ItemPhotos } from './item-photos.tsx';
import { SecondOpinion } from './second-opinion.tsx';
import { PriceGuidancePanel } from './price-guidance-panel.tsx';
import classes from './item-page.module.css';
import { OfficeHeader } from './office-header.tsx';
import {
  useAddItemNote,
  useDecideItem,
  useItemClaim,
  useOfficeItem,
  useOfficeMe,
} from './office-queries.ts';
import { formatBusinessHours } from './queue-view.ts';
import { clientRecordPath, stylistRecordPath } from './record-paths.ts';
import { SlaBadge } from './sla-badge.tsx';

type Item = OfficeItemDocument['data'];

const STEP_BY_TEXT: Readonly<Record<QuoteActor, string | null>> = {
  client: 'by the client',
  stylist: 'by the stylist',
  admin: 'by the back office',
  system: null,
};

/** /office/items/:quoteId (issue 30): one item, its people, clock, decisions and internal notes. */
export function ItemPage() {
  const quoteId = Number(useParams().quoteId);
  const valid = Number.isSafeInteger(quoteId) && quoteId > 0;
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const item = useOfficeItem(valid ? quoteId : 0);
  const data = item.data?.data;
  const backTo = backToQueuePath(from, data?.stage ?? null);
  const isMissing = !valid || (isApiError(item.error) && item.error.status === 404);

  return (
    <Container size="xl" py={{ base: 'lg', xs: 'xl' }} px={{ base: 'md', xs: 'xl' }}>
      <OfficeHeader />
      <Stack gap="lg">
        <Anchor component={Link} to={backTo} size="sm" c="gold.3" w="fit-content">
          <Group gap={4} wrap="nowrap" component="span">
            <IconArrowLeft size={16} stroke={1.6} aria-hidden />
            Back to the queue
          </Group>
        </Anchor>
        {isMissing ? (
          <Title order={1} fz={{ base: 26, xs: 32 }}>
            No such item
          </Title>
        ) : item.isError && !data ? (
          <>
            <Title order={1} fz={{ base: 26, xs: 32 }}>
              Item #{quoteId}
            </Title>
            <LoadError
              title="This item could not be loaded"
              message={item.error.message}
              isRetrying={item.isFetching}
              onRetry={() => void item.refetch()}
            />
          </>
        ) : data ? (
          <Workspace item={data} onReload={() => void item.refetch()} />
        ) : (
          <Text role="status" c="dark.1">
            Loading item #{quoteId}…
          </Text>
        )}
      </Stack>
    </Container>
  );
}

function Workspace({ item, onReload }: { item: Item; onReload: () => void }) {
  const quote = item.quote.attributes;
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className={classes.layout}>
      <div className={classes.column}>
        <ItemPhotos images={quote.images} name={quote.name} />
      </div>
      <div className={classes.column}>
        <div>
          <Text size="xs" c="gold.3" tt="uppercase" lts="0.12em">
            {quote.brand}
          </Text>
          <Title order={1} fz={{ base: 26, xs: 32 }} mt={4} ref={headingRef} tabIndex={-1}>
            {quote.name}
          </Title>
          <dl className={classes.facts} style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
            <Fact term="Item">#{item.quote.id}</Fact>
            <Fact term="Category">{quote.category}</Fact>
            {quote.barCode && <Fact term="Barcode">{quote.barCode}</Fact>}
            <Fact term="Status">{formatStatus(quote.status)}</Fact>
            {item.stage && <Fact term="Queue">{OFFICE_STAGE_LABELS[item.stage]}</Fact>}
            <Fact term="In stage">{formatBusinessHours(item.businessHours)} (business hours)</Fact>
            {item.sla && (
              <Fact term="SLA">
                <SlaBadge state={item.sla.state} />{' '}
                <Text span size="xs" c="dark.1">
                  target {formatBusinessHours(item.sla.targetHours)}
                </Text>
              </Fact>
            )}
          </dl>
        </div>

        <Decisions item={item} headingRef={headingRef} onReload={onReload} />
        <Holder item={item} />
        <ItemMoreInfo quote={quote} />

        <Panel title="People">
          <dl className={classes.facts}>
            <Fact term="Stylist">
              <Anchor component={Link} to={stylistRecordPath(item.stylist.id)} size="sm" c="dark.0">
                {item.stylist.name}
              </Anchor>
              <br />
              <Anchor href={`mailto:${item.stylist.email}`} size="sm" c="gold.3">
                {item.stylist.email}
              </Anchor>
            </Fact>
            <Fact term="Client">
              <Anchor component={Link} to={clientRecordPath(item.client.id)} size="sm" c="dark.0">
                {item.client.name}
              </Anchor>
              {item.client.email && (
                <>
                  <br />
                  <Anchor href={`mailto:${item.client.email}`} size="sm" c="gold.3">
                    {item.client.email}
                  </Anchor>
                </>
              )}
              {item.client.phone && (
                <>
                  <br />
                  <Anchor href={`tel:${item.client.phone}`} size="sm" c="gold.3">
                    {item.client.phone}
                  </Anchor>
                </>
              )}
            </Fact>
          </dl>
        </Panel>

        {quote.description && (
          <Panel title="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {quote.description}
            </Text>
          </Panel>
        )}

        {/* The timeline names itself, as on the stylist's quote card. */}
        <section className={classes.panel} aria-label="Timeline">
          <ItemTimeline
            variant="card"
            steps={quote.timeline.steps}
            next={
              quote.timeline.next &&
              `Next: ${quote.timeline.next.title} · ${quote.timeline.next.estimate}`
            }
            label="Timeline"
            byText={(by) => (by ? STEP_BY_TEXT[by] : null)}
            classes={{ list: classes.timeline, detail: classes.stepDetail }}
          />
          {quote.timeline.steps.length === 0 && !quote.timeline.next && (
            <Text size="sm" c="dark.1">
              Nothing has happened yet.
            </Text>
          )}
        </section>

        <Notes item={item} />
      </div>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.panel} aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

interface DecisionsProps {
  item: Item;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onReload: () => void;
}

/** One button per decision the server offers; those that need input open their form. */
function Decisions({ item, headingRef, onReload }: DecisionsProps) {
  const decide = useDecideItem(item.quote.id);
  const myUserId = useOfficeMe().data?.data.userId ?? null;
  const [open, setOpen] = useState<OfficeDecision | null>(null);
  // The item follows others' changes live: a form sends the version it was opened on, so a change
  // made meanwhile answers 409 instead of being overwritten unseen.
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DecisionField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const [focusHeading, setFocusHeading] = useState(0);

  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading, headingRef]);

  function close() {
    setOpen(null);
    setOpenVersion(null);
    setFieldErrors({});
    setOtherErrors([]);
  }

  function send(decision: OfficeDecision, values: DecisionValues) {
    decide.mutate(decisionBody(decision, values, openVersion ?? item.version), {
      onSuccess: (document) => {
        close();
        const waiting = document.data.secondOpinion;
        notifications.show({
          color: waiting ? 'yellow' : 'green',
          title: waiting ? 'Waiting for a second opinion' : OFFICE_DECISION_LABELS[decision],
          message: waiting
            ? `${waiting.summary}. It takes effect once another staff member approves it.`
            : `Item #${item.quote.id} is now: ${formatStatus(document.data.quote.attributes.status)}.`,
        });
        setFocusHeading((count) => count + 1);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          close();
          notifications.show({ color: 'red', title: 'Not saved', message: error.message });
          onReload();
          setFocusHeading((count) => count + 1);
          return;
        }
        const read = decisionErrors(decision, isApiError(error) ? error.errors : undefined);
        const hasFields = Object.keys(read.fields).length > 0;
        if (needsForm(decision)) {
          setFieldErrors(read.fields);
          setOtherErrors(hasFields ? read.others : [error.message, ...read.others]);
        } else {
          notifications.show({ color: 'red', title: 'Not saved', message: error.message });
          openerRef.current?.focus();
        }
      },
    });
  }

  return (
    <section className={classes.panel} aria-label="Decisions">
      <Title order={2} fz="md" mb="sm">
        Decisions
      </Title>
      {item.secondOpinion ? (
        <SecondOpinion
          item={{ ...item, secondOpinion: item.secondOpinion }}
          myUserId={myUserId}
          onResolved={() => setFocusHeading((count) => count + 1)}
          onReload={onReload}
        />
      ) : item.decisions.length === 0 ? (
        <Text size="sm" c="dark.1">
          No decision is yours to take on this item now.
        </Text>
      ) : (
        <Group gap="sm">
          {item.decisions.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'counterfeit' ? 'outline' : 'filled'}
              color={decision === 'counterfeit' ? 'red' : undefined}
              loading={decide.isPending && decide.variables?.decision === decision}
              disabled={decide.isPending}
              onClick={(event) => {
                openerRef.current = event.currentTarget;
                if (needsForm(decision)) {
                  setOpenVersion(item.version);
                  setOpen(decision);
                } else send(decision, {});
              }}
            >
              {OFFICE_DECISION_LABELS[decision]}
            </Button>
          ))}
        </Group>
      )}
      <DecisionForm
        decision={open}
        isPending={decide.isPending}
        fieldErrors={fieldErrors}
        otherErrors={otherErrors}
        onSubmit={send}
        aside={
          open === 'make_offers' || open === 'renew_offers' ? (
            <PriceGuidancePanel quoteId={item.quote.id} />
          ) : undefined
        }
        onClose={() => {
          close();
          openerRef.current?.focus();
        }}
      />
    </section>
  );
}

/** Who holds the item, and "Assign to me" / "Let go". */
function Holder({ item }: { item: Item }) {
  const me = useOfficeMe().data?.data;
  const { claim, release } = useItemClaim(item.quote.id);
  const holderRef = useRef<HTMLParagraphElement>(null);
  const isMine = item.holder !== null && item.holder.userId === me?.userId;
  const canLetGo = isMine || me?.role === 'operations';

  const onError = (error: Error) =>
    notifications.show({ color: 'red', title: 'Not changed', message: error.message });
  const onSuccess = () => holderRef.current?.focus();

  return (
    <section className={classes.panel} aria-label="Held by">
      <Title order={2} fz="md" mb="sm">
        Held by
      </Title>
      <Group justify="space-between" gap="sm">
        <Text size="sm" ref={holderRef} tabIndex={-1}>
          {item.holder
            ? `${item.holder.name}${isMine ? ' (you)' : ''}, since ${formatDateTime(item.holder.claimedAt)}`
            : 'Nobody holds this item.'}
        </Text>
        {item.holder === null && item.stage !== null && (
          <Button
            size="compact-sm"
            variant="outline"
            loading={claim.isPending}
            onClick={() => claim.mutate(undefined, { onError, onSuccess })}
          >
            Assign to me
          </Button>
        )}
        {item.holder !== null && canLetGo && (
          <Button
            size="compact-sm"
            variant="default"
            loading={release.isPending}
            onClick={() => release.mutate(undefined, { onError, onSuccess })}
          >
            Let go
          </Button>
        )}
      </Group>
    </section>
  );
}

/** The staff's internal notes, oldest first, and a form to add one. */
function Notes({ item }: { item: Item }) {
  const add = useAddItemNote(item.quote.id);
  const [text, setText] = useState('');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const error = add.error;
  const message = error && ((isApiError(error) && error.errors?.text?.join(' ')) || error.message);

  return (
    <section className={classes.panel} aria-labelledby="internal-notes">
      <Title order={2} fz="md" id="internal-notes">
        Internal notes
      </Title>
      <Text size="xs" c="dark.1" mb="sm">
        Internal notes — never shown to the stylist or client.
      </Text>
      {item.notes.length === 0 ? (
        <Text size="sm" c="dark.1" mb="sm">
          No notes yet.
        </Text>
      ) : (
        <ol className={classes.notes} aria-label="Notes">
          {item.notes.map((note) => (
            <li key={note.id} className={classes.note}>
              <Text size="xs" c="dark.1">
                {note.author.name} ·{' '}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </Text>
              <Text size="sm" className={classes.noteText}>
                {note.text}
              </Text>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(text, {
            onSuccess: () => {
              setText('');
              notifications.show({
                color: 'green',
                title: 'Note added',
                message: 'Only staff see it.',
              });
              fieldRef.current?.focus();
            },
            onError: () => fieldRef.current?.focus(),
          });
        }}
      >
        <Stack gap="xs" mt="sm">
          <Textarea
            ref={fieldRef}
            label="Add an internal note"
            rows={3}
            value={text}
            error={message || undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (add.isError) add.reset();
            }}
          />
          <Button type="submit" variant="default" loading={add.isPending} w="fit-content">
            Add note
          </Button>
        </Stack>
      </form>
    </section>
  );
}
