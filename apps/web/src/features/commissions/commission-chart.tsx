import { formatMoney, type TimelinePoint } from '@atelier/contract';
import { VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Y labels in dollars: "$800", "$1,200", "$12.5k" from 10,000 up. */
export function formatAxisDollars(amount: number): string {
  if (Math.abs(amount) >= 10_000) {
    const thousands = Math.round(amount / 100) / 10;
    return `$${thousands.toLocaleString('en-US')}k`;
  }
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/**
 * The 12-month commission line (§9). The figure is named and carries a visually hidden table of
 * the points, so screen readers and e2e tests read the same values the line draws. The drawing is
 * a named image (its parts are not read) that keeps its keyboard stop: arrow keys move the tooltip
 * from month to month for those who see it.
 */
export function CommissionChart({ points }: { points: readonly TimelinePoint[] }) {
  const captionId = useId();
  const first = points[0];
  const last = points[points.length - 1];
  const span = first && last ? `${first.month} ${first.year} – ${last.month} ${last.year}` : '';
  const data = points.map((point) => ({ ...point, label: point.month }));

  return (
    <figure
      aria-labelledby={captionId}
      data-testid="commission-chart"
      style={{ margin: 0, minWidth: 0 }}
    >
      <VisuallyHidden component="figcaption" id={captionId}>
        Commissions by month, {span}
      </VisuallyHidden>
      <div style={{ width: '100%', height: 220 }}>
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 320, height: 220 }}
        >
          <LineChart
            data={data}
            margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
            role="img"
            aria-label={`Commission chart, ${span}: arrow keys step through the months; the table that follows lists each amount`}
          >
            <CartesianGrid stroke="var(--mantine-color-dark-5)" strokeDasharray="3 3" />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--mantine-color-dark-2)', fontSize: 12 }}
              interval="preserveStartEnd"
            />
            <YAxis
              width={56}
              tickFormatter={formatAxisDollars}
              tick={{ fill: 'var(--mantine-color-dark-2)', fontSize: 12 }}
            />
            <Tooltip
              formatter={(value) => formatMoney(Number(value))}
              contentStyle={{
                background: 'var(--mantine-color-dark-7)',
                borderColor: 'var(--mantine-color-dark-4)',
              }}
            />
            <Line
              type="monotone"
              dataKey="amount"
              name="Commissions"
              stroke="var(--mantine-color-gold-5)"
              strokeWidth={2}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <VisuallyHidden>
        <table data-testid="commission-chart-points">
          <caption>Commissions by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr
                key={`${point.year}-${point.month}`}
                data-month={point.month}
                data-year={point.year}
                data-amount={point.amount}
              >
                <th scope="row">
                  {point.month} {point.year}
                </th>
                <td>{formatMoney(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
