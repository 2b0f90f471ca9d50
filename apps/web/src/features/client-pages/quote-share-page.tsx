import {
  CLIENT_PAGE_TEXT,
  estimatedTimeline,
  formatMoney,
  statusDisplayText,
  type ClientQuote,
} from '@atelier/contract';
import { Badge, Text } from '@mantine/core';
import { formatDate } from '../../lib/format.ts';
import { acceptedOfferText } from './answered-list.tsx';
import { ClientPageLoader } from './client-page-frame.tsx';
import { useClientPageToken, useQuoteShareDocument } from './client-page-queries.ts';
import classes from './client-page.module.css';
import { QuoteImage } from './quote-image.tsx';

/** "Quote Share" (§2 `/quote/:id`): every quote of the client with this stylist, read-only. */
export function QuoteSharePage() {
  const token = useClientPageToken();
  const query = useQuoteShareDocument(token);
  return (
    <ClientPageLoader title={CLIENT_PAGE_TEXT.quoteShareHeading} token={token} query={query}>
      {(document) =>
        document.data.length === 0 ? (
          <Text size="lg" className={classes.message}>
            {CLIENT_PAGE_TEXT.noQuotesToShare(document.meta.client.firstName)}
          </Text>
        ) : (
          <ul className={classes.grid} aria-label="Your quotes">
            {document.data.map((quote, index) => (
              <li key={quote.id}>
                <SharedQuoteCard quote={quote} isFirst={index === 0} />
              </li>
            ))}
          </ul>
        )
      }
    </ClientPageLoader>
  );
}

function SharedQuoteCard({ quote, isFirst }: { quote: ClientQuote; isFirst: boolean }) {
  const timeline = estimatedTimeline(quote.status);
  const choice = quote.answer?.response ?? quote.acceptedOfferType;
  const isInTransit = quote.status === 'in_transit';
  return (
    <article className={classes.card} aria-label={`${quote.brand} ${quote.name}`}>
      <QuoteImage quote={quote} isEager={isFirst} />
      <div className={classes.cardBody}>
        <Text className={classes.brand}>{quote.brand}</Text>
        <h2 className={classes.itemName}>{quote.name}</h2>
        <Badge variant="light" color="gold" radius="sm" tt="none" size="md">
          {statusDisplayText(quote.status, quote.pickupType)}
        </Badge>
        <dl className={classes.details}>
          <dt>Created</dt>
          <dd>
            <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>
          </dd>
          {timeline && (
            <>
              <dt>Estimated</dt>
              <dd>{timeline}</dd>
            </>
          )}
          {quote.offers.consignment !== null && (
            <>
              <dt>Consign</dt>
              <dd>{formatMoney(quote.offers.consignment)}</dd>
            </>
          )}
          {quote.offers.buyout !== null && (
            <>
              <dt>Buyout</dt>
              <dd>{formatMoney(quote.offers.buyout)}</dd>
            </>
          )}
          {choice && (
            <>
              <dt>Your answer</dt>
              <dd>{acceptedOfferText(choice)}</dd>
            </>
          )}
          {isInTransit && quote.trackingNumber && (
            <>
              <dt>Tracking</dt>
              <dd>{quote.trackingNumber}</dd>
            </>
          )}
        </dl>
        {quote.commentToCustomer && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {quote.commentToCustomer}
          </Text>
        )}
      </div>
    </article>
  );
}
