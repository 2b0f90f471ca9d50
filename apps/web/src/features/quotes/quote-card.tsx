import {
  AUTHENTICATION_STATUS_TEXT,
  QUOTE_PROBLEM_TEXT,
  areOffersOpen,
  canShowOffers,
  estimatedTimeline,
  formatMoney,
  offersExpiry,
  selectionGroup,
  statusAction,
  statusDisplayText,
  type QuoteProblem,
  type QuoteView,
  type QuoteViewClientMessage,
  type QuoteActor,
  type SelectionGroup,
} from '@atelier/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  type MantineColor,
} from '@mantine/core';
import { Fragment, useId, useState, type KeyboardEvent } from 'react';
import { ItemTimeline } from '../../components/item-timeline.tsx';
import { formatDate } from '../../lib/format.ts';
import { IconCheck, IconChevronDown, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { MoreInfoRequest } from './more-info-request.tsx';
import classes from './quote-card.module.css';
import { useTap } from './use-tap.ts';

const GROUP_COLORS: Readonly<Record<SelectionGroup, MantineColor>> = {
  Authentication: 'blue',
  OfferManagement: 'gold',
  Processing: 'teal',
  Completion: 'green',
  Issue: 'red',
};

export function statusColor(status: string | null): MantineColor {
  const group = selectionGroup(status);
  return group ? GROUP_COLORS[group] : 'gray';
}

/** The card's name for the quote: "#12 Chanel Classic Flap Bag". */
export function quoteTitle(quote: QuoteView): string {
  return [`#${quote.id}`, quote.brand, quote.name].filter(Boolean).join(' ');
}

// A record may carry a date the browser cannot read; the card then leaves the date out.
function formatDateOrNull(value: string | null): string | null {
  if (value === null || Number.isNaN(new Date(value).getTime())) return null;
  return formatDate(value);
}

interface QuoteCardProps {
  quote: QuoteView;
  isSelected: boolean;
  /** False when the quote is outside the selection's group (§4): shown dimmed, taps do nothing. */
  canToggle: boolean;
  onToggle: (quote: QuoteView) => void;
}

/** One quote of the client quotes page (§2 "Quote card"); tapping the card selects it. */
export function QuoteCard({ quote, isSelected, canToggle, onToggle }: QuoteCardProps) {
  const statusId = useId();
  const signalsId = useId();
  const infoId = useId();
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  const title = quoteTitle(quote);
  const statusText = statusDisplayText(quote.status, quote.pickupType);
  const timeline = estimatedTimeline(quote.status);
  const created = formatDateOrNull(quote.createdAt);
  const isBlocked = !canToggle && !isSelected;
  const signals = clientSignals(quote);

  function toggle() {
    if (canToggle) onToggle(quote);
  }

  const tap = useTap(toggle);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat) toggle();
  }

  return (
    <Paper
      component="article"
      aria-label={`Quote #${quote.id}`}
      className={classes.card}
      data-selected={isSelected || undefined}
      data-blocked={isBlocked || undefined}
    >
      <div className={classes.header}>
        {quote.adminUrl ? (
          <Anchor
            href={quote.adminUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.idLink}
            underline="hover"
          >
            #{quote.id}
            <IconExternalLink size={12} stroke={1.6} aria-hidden />
          </Anchor>
        ) : (
          <Text span size="xs" fw={500} c="gold.4">
            #{quote.id}
          </Text>
        )}
        {created && quote.createdAt && (
          <Text span size="xs" c="dimmed">
            <time dateTime={quote.createdAt}>{created}</time>
          </Text>
        )}
      </div>

      <div
        role="checkbox"
        tabIndex={0}
        aria-checked={isSelected}
        aria-disabled={!canToggle}
        aria-label={title}
        aria-describedby={signals ? `${statusId} ${signalsId}` : statusId}
        title={isBlocked ? 'Only quotes at the same stage can be selected together' : undefined}
        className={classes.surface}
        onClick={toggle}
        onKeyDown={onKeyDown}
        {...tap}
      >
        <div className={classes.media}>
          <QuoteImage quote={quote} />
          <span className={classes.check} aria-hidden="true">
            <IconCheck size={16} stroke={2.2} aria-hidden />
          </span>
        </div>
        <div className={classes.body}>
          <div>
            <Text className={classes.brand}>{quote.brand}</Text>
            <Title order={2} className={classes.name} mt={4}>
              {quote.name}
            </Title>
          </div>
          <Badge
            id={statusId}
            color={statusColor(quote.status)}
            variant="light"
            radius="sm"
            size="md"
            tt="none"
            style={{ alignSelf: 'flex-start' }}
          >
            {statusText}
          </Badge>
          {timeline && <Text className={classes.meta}>Estimated {timeline}</Text>}
          <AuthenticationText status={quote.authenticationStatus} />
          {canShowOffers(quote) && <Offers quote={quote} />}
          {signals && <ClientSignals id={signalsId} signals={signals} />}
          {statusAction(quote.status) === 'actions' && (
            <span className={classes.selectPill} aria-hidden="true">
              {isSelected && <IconCheck size={12} stroke={2.4} aria-hidden />}
              {isSelected ? 'Selected' : 'Select'}
            </span>
          )}
        </div>
      </div>

      <MoreInfoRequest quote={quote} />

      <div className={classes.footer}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          className={classes.infoToggle}
          aria-expanded={isInfoOpen}
          aria-controls={infoId}
          aria-label={`INFO for quote #${quote.id}`}
          rightSection={
            <IconChevronDown size={14} className={classes.chevron} stroke={1.6} aria-hidden />
          }
          onClick={() => setIsInfoOpen((open) => !open)}
        >
          INFO
        </Button>
      </div>
      <Collapse expanded={isInfoOpen} keepMounted={false} id={infoId}>
        <QuoteInfo quote={quote} />
      </Collapse>
    </Paper>
  );
}

function QuoteImage({ quote }: { quote: QuoteView }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = quote.imageUrl;
  if (url === null || url === failedUrl) {
    return (
      <div className={classes.placeholder}>
        <IconPhoto size={28} stroke={1.6} aria-hidden />
        No photo
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={[quote.brand, quote.name].filter(Boolean).join(' ')}
      loading="lazy"
      decoding="async"
      className={classes.image}
      onError={() => setFailedUrl(url)}
    />
  );
}

function AuthenticationText({ status }: { status: string | null }) {
  if (status === null || !Object.hasOwn(AUTHENTICATION_STATUS_TEXT, status)) return null;
  const text = AUTHENTICATION_STATUS_TEXT[status as keyof typeof AUTHENTICATION_STATUS_TEXT];
  return <Text className={classes.meta}>{text}</Text>;
}

function Offers({ quote }: { quote: QuoteView }) {
  // §9: a buyback is presented as a Buyout.
  const offers = [
    { key: 'consignment', label: 'Consign', amount: quote.offers.consignment },
    { key: 'buyout', label: 'Buyout', amount: quote.offers.buyout },
    { key: 'buyback', label: 'Buyout', amount: quote.offers.buyback },
  ].filter((offer): offer is typeof offer & { amount: number } => offer.amount !== null);
  if (offers.length === 0) return null;
  return (
    <dl className={classes.offers}>
      {offers.map((offer) => (
        <div key={offer.key} className={classes.offer}>
          <dt>{offer.label}</dt>
          <dd>{formatMoney(offer.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Signal {
  key: string;
  text: string;
  color: MantineColor;
  title?: string;
}

interface ClientSignalsData {
  badges: Signal[];
  /** The client's latest question or reason for declining. */
  message: string | null;
}

/** What the client did with the offers: viewed them or not, their window, what they last said. */
function clientSignals(quote: QuoteView): ClientSignalsData | null {
  const badges: Signal[] = [];
  const isOpen = areOffersOpen(quote);
  const viewed = quote.offersViewed;
  const lastViewed = viewed ? formatDateOrNull(viewed.lastAt) : null;
  if (viewed && lastViewed) {
    const firstViewed = formatDateOrNull(viewed.firstAt) ?? lastViewed;
    badges.push({
      key: 'viewed',
      text: `Viewed ${lastViewed}`,
      color: 'teal',
      title: `First viewed ${firstViewed} · last viewed ${lastViewed}`,
    });
  } else if (isOpen) {
    badges.push({ key: 'viewed', text: 'Not viewed yet', color: 'gray' });
  }
  const expiry = offersExpiry(quote);
  const expiresOn = formatDateOrNull(quote.offersExpireAt);
  if (expiry === 'soon') {
    badges.push({
      key: 'expiry',
      text: 'Expiring soon',
      color: 'orange',
      title: expiresOn ? `Offers expire ${expiresOn}` : undefined,
    });
  } else if (expiry === 'expired') {
    badges.push({
      key: 'expiry',
      text: 'Offers expired',
      color: 'red',
      title: expiresOn ? `Offers expired ${expiresOn}` : undefined,
    });
  }
  const latest = quote.clientMessages.at(-1);
  const message = latest ? clientMessageText(latest) : null;
  return badges.length > 0 || message ? { badges, message } : null;
}

/** "Client asked: “…”" or "Declined: I am selling it elsewhere — “…”". */
export function clientMessageText(message: QuoteViewClientMessage): string {
  const text = message.text.trim();
  if (message.kind === 'question') return `Client asked: “${text}”`;
  return [`Declined${message.reason ? `: ${message.reason}` : ''}`, text ? `“${text}”` : null]
    .filter(Boolean)
    .join(' — ');
}

function ClientSignals({ id, signals }: { id: string; signals: ClientSignalsData }) {
  return (
    <div id={id} className={classes.signals}>
      {signals.badges.length > 0 && (
        <div className={classes.signalBadges}>
          {signals.badges.map((badge, index) => (
            <Fragment key={badge.key}>
              {/* Read apart in the checkbox's description; the gap spaces them on screen. */}
              {index > 0 && ' '}
              <Badge
                color={badge.color}
                // The offers' window is a warning; whether the client looked is information.
                variant={badge.key === 'expiry' ? 'light' : 'outline'}
                radius="sm"
                size="sm"
                tt="none"
                title={badge.title}
              >
                {badge.text}
              </Badge>
            </Fragment>
          ))}
        </div>
      )}
      {signals.message && (
        <Text className={classes.clientMessage} title={signals.message}>
          {signals.message}
        </Text>
      )}
    </div>
  );
}

const STEP_BY_TEXT: Readonly<Record<QuoteActor, string | null>> = {
  client: 'by the client',
  stylist: 'by you',
  admin: 'by the back office',
  system: null,
};

function QuoteInfo({ quote }: { quote: QuoteView }) {
  const comment = quote.commentToCustomer
    ? [quote.commenter, quote.commentToCustomer].filter(Boolean).join(': ')
    : null;
  return (
    <div className={classes.info}>
      <dl className={classes.infoList}>
        {quote.description && (
          <>
            <dt>Description</dt>
            <dd>{quote.description}</dd>
          </>
        )}
        {quote.category && (
          <>
            <dt>Category</dt>
            <dd>{quote.category}</dd>
          </>
        )}
        {quote.barCode && (
          <>
            <dt>Barcode</dt>
            <dd>{quote.barCode}</dd>
          </>
        )}
        {comment && (
          <>
            <dt>Comment</dt>
            <dd>{comment}</dd>
          </>
        )}
        {quote.shipment?.trackingNumber && (
          <>
            <dt>Tracking</dt>
            <dd>{quote.shipment.trackingNumber}</dd>
          </>
        )}
      </dl>
      <ItemTimeline
        variant="card"
        steps={quote.timeline.steps}
        next={
          quote.timeline.next &&
          `Next: ${quote.timeline.next.title} · ${quote.timeline.next.estimate}`
        }
        label="Timeline"
        byText={(by) => (by ? STEP_BY_TEXT[by] : null)}
        classes={{
          list: classes.history,
          detail: classes.stepDetail,
          link: classes.stepLink,
          next: classes.next,
        }}
        linkIcon={<IconExternalLink size={12} stroke={1.6} aria-hidden />}
      />
    </div>
  );
}

/** §5: a quote whose data fails the sanity checks shows what is wrong instead of a broken card. */
export function QuoteProblemCard({
  quote,
  problems,
}: {
  quote: QuoteView;
  problems: readonly QuoteProblem[];
}) {
  return (
    <Alert
      component="article"
      // Mantine's default role "alert" would announce every broken record as the page loads.
      role="article"
      color="yellow"
      variant="light"
      radius="md"
      title={`Quote #${quote.id} can't be shown`}
      className={classes.problem}
    >
      <Stack gap={6}>
        <List size="sm" spacing={2}>
          {problems.map((problem) => (
            <List.Item key={problem}>{QUOTE_PROBLEM_TEXT[problem]}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          It can't be selected until the back office fixes its record.
          {quote.adminUrl && (
            <>
              {' '}
              <Anchor href={quote.adminUrl} target="_blank" rel="noopener noreferrer" size="xs">
                Open #{quote.id} in admin
              </Anchor>
            </>
          )}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The card's shape while the list loads. */
export function QuoteCardSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden="true" data-placeholder>
      <Stack gap={0}>
        <Skeleton height={38} radius={0} />
        <Skeleton radius={0} style={{ aspectRatio: '4 / 3', height: 'auto' }} />
        <Stack gap="sm" p="sm">
          <Skeleton height={10} width="35%" />
          <Skeleton height={18} width="75%" />
          <Skeleton height={20} width="45%" />
          <Skeleton height={10} width="55%" />
        </Stack>
      </Stack>
    </div>
  );
}
