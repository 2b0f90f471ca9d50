import {
  DECLINE_REASONS,
  HUB_TEXT,
  OFFER_TYPES,
  formatMoney,
  statusDisplayText,
  type DeclineReason,
  type HubItem,
  type HubQuoteAction,
  type OfferType,
  type TimelineStep,
} from '@atelier/contract';
import { Alert, Badge, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ItemTimeline } from '../../components/item-timeline.tsx';
import { formatDate } from '../../lib/format.ts';
import classes from './client-page.module.css';
import { QuoteImage } from './quote-image.tsx';

/** What the last answer or question about an item came to, shown on the item wherever it moved. */
export interface HubFeedback {
  isError: boolean;
  text: string;
}

interface HubItemCardProps {
  item: HubItem;
  isFirst: boolean;
  stylistFirstName: string;
  feedback: HubFeedback | undefined;
  /** The action being sent for this item, if any. */
  pending: HubQuoteAction | undefined;
  /** Another action is being sent: the item's buttons wait. */
  isBusy: boolean;
  onAct: (action: HubQuoteAction, onSent: () => void) => void;
}

/** Who took a step, as the client reads it; null for a step nobody in particular took. */
function stepByText(by: TimelineStep['by'], stylistFirstName: string): string | null {
  if (by === 'client') return HUB_TEXT.stepBy.client();
  if (by === 'stylist') return HUB_TEXT.stepBy.stylist(stylistFirstName);
  if (by === 'admin') return HUB_TEXT.stepBy.admin();
  return null;
}

/** One item of the hub: what it is, where it stands, its offers when they await an answer. */
export function HubItemCard({
  item,
  isFirst,
  stylistFirstName,
  feedback,
  pending,
  isBusy,
  onAct,
}: HubItemCardProps) {
  const title = `${item.brand} ${item.name}`;
  return (
    <article className={classes.hubItem} aria-label={title}>
      <div className={classes.hubItemHead}>
        <div className={classes.hubThumb}>
          <QuoteImage quote={item} isEager={isFirst} />
        </div>
        <div className={classes.hubItemText}>
          <Text className={classes.brand}>{item.brand}</Text>
          <h3 className={classes.itemName}>{item.name}</h3>
          <Badge variant="light" color="gold" radius="sm" tt="none" size="md">
            {statusDisplayText(item.status, item.pickupType)}
          </Badge>
        </div>
      </div>
      {item.group === 'answer' && (
        <HubOffers
          item={item}
          stylistFirstName={stylistFirstName}
          pending={pending}
          isBusy={isBusy}
          onAct={onAct}
        />
      )}
      {feedback && (
        <Alert color={feedback.isError ? 'red' : 'green'} variant="light" radius="md" role="alert">
          {feedback.text}
        </Alert>
      )}
      <ItemTimeline
        variant="page"
        steps={item.timeline.steps}
        next={
          item.timeline.next &&
          HUB_TEXT.nextStep(
            item.timeline.next.title,
            item.timeline.next.estimate,
            formatDate(item.timeline.next.by),
          )
        }
        label={HUB_TEXT.timelineLabel(title)}
        byText={(by) => stepByText(by, stylistFirstName)}
        classes={{
          root: classes.timelineBox,
          list: classes.timeline,
          step: classes.timelineStep,
          date: classes.timelineDate,
          by: classes.timelineBy,
          detail: classes.timelineDetail,
          next: classes.nextStep,
        }}
      />
    </article>
  );
}

const OFFER_TEXT: Readonly<Record<OfferType, { title: string; means: string }>> = {
  consignment: { title: HUB_TEXT.consignmentTitle, means: HUB_TEXT.consignmentMeans },
  buyout: { title: HUB_TEXT.buyoutTitle, means: HUB_TEXT.buyoutMeans },
};

type HubOffersProps = Omit<HubItemCardProps, 'isFirst' | 'feedback'>;

/** The two offers side by side (stacked on a phone), how long they stay open, and the answers. */
function HubOffers({ item, stylistFirstName, pending, isBusy, onAct }: HubOffersProps) {
  const [form, setForm] = useState<'decline' | 'ask' | null>(null);
  const isLocked = isBusy || pending !== undefined;
  const canAccept = item.canAnswer && !item.offersExpired;
  const offers = OFFER_TYPES.flatMap((offer) => {
    const amount = item.offers[offer];
    return amount === null ? [] : [{ offer, amount }];
  });
  const closeForm = () => setForm(null);

  return (
    <div className={classes.hubAnswer}>
      <div className={classes.offers}>
        {offers.map(({ offer, amount }) => (
          // A group, not a region: two items may show the same offers, and landmarks need unique names.
          <div
            key={offer}
            role="group"
            className={classes.offer}
            aria-label={`${OFFER_TEXT[offer].title}: ${formatMoney(amount)}`}
          >
            <h4 className={classes.offerTitle}>{OFFER_TEXT[offer].title}</h4>
            <Text className={classes.price}>{formatMoney(amount)}</Text>
            <Text size="sm" className={classes.offerMeans}>
              {OFFER_TEXT[offer].means}
            </Text>
            {canAccept && (
              <Button
                mt="auto"
                disabled={isLocked && !(pending?.action === 'accept' && pending.offer === offer)}
                loading={pending?.action === 'accept' && pending.offer === offer}
                onClick={() => onAct({ action: 'accept', offer }, closeForm)}
              >
                {HUB_TEXT.accept(offer)}
              </Button>
            )}
          </div>
        ))}
      </div>
      <OfferWindow item={item} stylistFirstName={stylistFirstName} />
      {form === null && (
        <Group gap="sm">
          {item.canAnswer && (
            <Button variant="default" disabled={isLocked} onClick={() => setForm('decline')}>
              {HUB_TEXT.decline}
            </Button>
          )}
          <Button
            variant="subtle"
            color="gold.3"
            disabled={isLocked}
            onClick={() => setForm('ask')}
          >
            {HUB_TEXT.ask}
          </Button>
        </Group>
      )}
      {form === 'decline' && (
        <DeclineForm
          isSending={pending?.action === 'decline'}
          isLocked={isLocked}
          onSend={(action) => onAct(action, closeForm)}
          onCancel={closeForm}
        />
      )}
      {form === 'ask' && (
        <AskForm
          stylistFirstName={stylistFirstName}
          isSending={pending?.action === 'ask'}
          isLocked={isLocked}
          onSend={(action) => onAct(action, closeForm)}
          onCancel={closeForm}
        />
      )}
    </div>
  );
}

/** "Open until 5/20/2026", or that the offers expired and who can renew them. */
function OfferWindow({ item, stylistFirstName }: { item: HubItem; stylistFirstName: string }) {
  const expiresAt = item.offersExpireAt;
  if (item.offersExpired) {
    return (
      <div className={classes.expired}>
        {expiresAt && <Text size="sm">{HUB_TEXT.expiredOn(formatDate(expiresAt))}</Text>}
        <Text size="sm">{HUB_TEXT.expiredHelp(stylistFirstName)}</Text>
      </div>
    );
  }
  if (!expiresAt) return null;
  return (
    <Text size="sm" className={classes.openUntil}>
      {HUB_TEXT.openUntil(formatDate(expiresAt))}
    </Text>
  );
}

/** The button that opened a form is gone: the focus goes to the form's first field. */
function useFocusOnOpen() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);
  return formRef;
}

interface ActionFormProps {
  isSending: boolean;
  isLocked: boolean;
  onSend: (action: HubQuoteAction) => void;
  onCancel: () => void;
}

function FormButtons({
  isSending,
  isLocked,
  canSend,
  onCancel,
}: ActionFormProps & { canSend: boolean }) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={isSending} disabled={!canSend || (isLocked && !isSending)}>
        {HUB_TEXT.send}
      </Button>
      <Button variant="subtle" color="gray" disabled={isSending} onClick={onCancel}>
        {HUB_TEXT.cancel}
      </Button>
    </Group>
  );
}

/** "Decline": why, and anything the client would add. */
function DeclineForm(props: ActionFormProps) {
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState('');
  const formRef = useFocusOnOpen();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason === null || props.isLocked) return;
    const text = note.trim();
    props.onSend({ action: 'decline', reason, ...(text === '' ? {} : { note: text }) });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className={classes.actionForm}>
      <Stack gap="sm">
        <Radio.Group
          label={HUB_TEXT.declineReasonLabel}
          value={reason}
          onChange={(value) => setReason(value as DeclineReason)}
        >
          <Stack gap="xs" mt="xs">
            {(Object.entries(DECLINE_REASONS) as [DeclineReason, string][]).map(([key, label]) => (
              <Radio key={key} value={key} label={label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={HUB_TEXT.noteLabel}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <FormButtons {...props} canSend={reason !== null} />
      </Stack>
    </form>
  );
}

/** "Ask a question": it reaches the stylist by email, who answers by email. */
function AskForm({ stylistFirstName, ...props }: ActionFormProps & { stylistFirstName: string }) {
  const [question, setQuestion] = useState('');
  const formRef = useFocusOnOpen();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (question.trim() === '' || props.isLocked) return;
    props.onSend({ action: 'ask', question: question.trim() });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className={classes.actionForm}>
      <Stack gap="sm">
        <Textarea
          label={HUB_TEXT.questionLabel(stylistFirstName)}
          rows={3}
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
        />
        <FormButtons {...props} canSend={question.trim() !== ''} />
      </Stack>
    </form>
  );
}
