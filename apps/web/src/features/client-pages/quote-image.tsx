import type { ClientQuote } from '@atelier/contract';
import classes from './client-page.module.css';

/** The quote's first image in a fixed square, so the card keeps its size while it loads. */
export function QuoteImage({
  quote,
  isEager = false,
}: {
  quote: Pick<ClientQuote, 'brand' | 'name' | 'imageUrl'>;
  isEager?: boolean;
}) {
  if (quote.imageUrl === null) {
    return (
      <div className={classes.imageBox}>
        <span className={classes.noPhoto}>No photo</span>
      </div>
    );
  }
  return (
    <div className={classes.imageBox}>
      <img
        src={quote.imageUrl}
        alt={`${quote.brand} ${quote.name}`}
        width={600}
        height={600}
        loading={isEager ? 'eager' : 'lazy'}
        // The first card's photo is the page's LCP element: asked for before the others.
        fetchPriority={isEager ? 'high' : 'auto'}
        decoding="async"
        className={classes.image}
      />
    </div>
  );
}
