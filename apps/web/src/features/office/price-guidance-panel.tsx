import {
  formatMoney,
  pluralize,
  PRICE_GUIDANCE_MIN_SALES,
  type PriceGuidance,
} from '@atelier/contract';
import { Loader, Text, Title } from '@mantine/core';
import { LoadError } from '../../components/load-error.tsx';
import { formatDate } from '../../lib/format.ts';
import classes from './price-guidance-panel.module.css';
import { usePriceGuidance } from './price-guidance-queries.ts';

const KIND_LABELS = { consignment: 'Consigned', buyout: 'Bought outright' } as const;

/** "Price guidance" beside the offers: what the company's own sales of the designer fetched. */
export function PriceGuidancePanel({ quoteId }: { quoteId: number }) {
  const guidance = usePriceGuidance(quoteId);
  return (
    <section className={classes.panel} aria-label="Price guidance" aria-busy={guidance.isPending}>
      <Title order={3} fz="sm" mb="xs">
        Price guidance
      </Title>
      {guidance.isPending ? (
        <Text size="sm" c="dark.1" className={classes.loading}>
          <Loader size="xs" /> Loading past sales…
        </Text>
      ) : guidance.isError ? (
        <LoadError
          title="Price guidance could not be loaded"
          message={guidance.error.message}
          isRetrying={guidance.isFetching}
          onRetry={() => void guidance.refetch()}
        />
      ) : (
        <Figures guidance={guidance.data.data} />
      )}
    </section>
  );
}

function basisText(guidance: PriceGuidance) {
  const { designer, category } = guidance;
  const sales = `${guidance.sales} ${pluralize(guidance.sales, 'sale')}`;
  if (guidance.basis === 'designer_category') {
    return `${sales} of ${designer.name} ${category.name}.`;
  }
  return `${sales} of ${designer.name} in every category (${category.name} has fewer than ${PRICE_GUIDANCE_MIN_SALES}).`;
}

function Figures({ guidance }: { guidance: PriceGuidance }) {
  if (guidance.sales === 0) {
    return (
      <Text size="sm" c="dark.1">
        No sales of this designer yet.
      </Text>
    );
  }
  const { salePrice } = guidance;
  return (
    <div className={classes.body}>
      <Text size="sm">{basisText(guidance)}</Text>
      <dl className={classes.figures}>
        {salePrice && (
          <>
            <div>
              <dt>Median sale price</dt>
              <dd>{formatMoney(salePrice.median)}</dd>
            </div>
            <div>
              <dt>Range</dt>
              <dd>
                {formatMoney(salePrice.min)} – {formatMoney(salePrice.max)}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>Median buyout paid</dt>
          <dd>
            {guidance.medianBuyoutPaid === null
              ? 'No buyouts'
              : formatMoney(guidance.medianBuyoutPaid)}
          </dd>
        </div>
        <div>
          <dt>Median listing to sale</dt>
          <dd>
            {guidance.medianDaysToSell === null
              ? 'No consignment sales'
              : `${guidance.medianDaysToSell} ${pluralize(guidance.medianDaysToSell, 'day')}`}
          </dd>
        </div>
      </dl>
      <Title order={4} fz="xs" tt="uppercase" c="dark.1">
        Latest sales
      </Title>
      <ul className={classes.comparables}>
        {guidance.comparables.map((sale) => (
          <li key={sale.quoteId} className={classes.comparable}>
            {sale.photoUrl ? (
              <img className={classes.photo} src={sale.photoUrl} alt="" loading="lazy" />
            ) : (
              <span className={classes.photo} aria-hidden="true" />
            )}
            <span className={classes.what}>
              <span className={classes.name}>{sale.name}</span>
              <Text span size="xs" c="dark.1">
                {formatDate(sale.soldAt)} · {KIND_LABELS[sale.kind]}
                {guidance.basis === 'designer' && ` · ${sale.category}`}
              </Text>
            </span>
            <span className={classes.price}>{formatMoney(sale.price)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
