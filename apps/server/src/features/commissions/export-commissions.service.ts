import { calendarDay, commissionsCsvFilename } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { StylistActor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { clients, commissions } from '../../db/schema.ts';
import {
  commissionListOrder,
  commissionsInRange,
  loadCommissionTotals,
  rangeTimeZone,
  type CommissionRange,
} from './commissions.service.ts';

export const COMMISSIONS_CSV_HEADER = [
  'Commission ID',
  'Date',
  'Client',
  'Product',
  'Type',
  'Order ID',
  'Status',
  'Paid On',
  'Payout to Client',
  'Commission',
] as const;

export interface CommissionsCsv {
  filename: string;
  csv: string;
}

/** Integer cents as a plain decimal with two places, e.g. 123450 → "1234.50". */
function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Text, a count, or an amount in cents. */
type Cell = string | number | { cents: number };

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula gets a leading
 * apostrophe; counts and amounts are written as they are, so that they stay numbers.
 */
const UTF8_BOM = '\uFEFF';

function csvField(cell: Cell): string {
  let text: string;
  if (typeof cell === 'number') text = String(cell);
  else if (typeof cell === 'object') text = formatCents(cell.cents);
  else text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A row of the totals block: its label first, its value in the Commission column. */
function totalsLine(label: string, value: Cell): string {
  const fields: Cell[] = COMMISSIONS_CSV_HEADER.map(() => '');
  fields[0] = label;
  fields[fields.length - 1] = value;
  return csvLine(fields);
}

/**
 * Every commission of the range as CSV, in the list's order, followed by the same totals the
 * list's meta shows (one query for the rows, the list's totals query for the totals).
 */
export async function exportCommissions(
  db: Db,
  actor: StylistActor,
  range: CommissionRange,
): Promise<CommissionsCsv> {
  const inScope = commissionsInRange(actor.stylistId, range);
  // Dates are the days of the range's zone, the same days the range was chosen in.
  const day = (date: Date) => calendarDay(date, rangeTimeZone(range));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: commissions.id,
        createdAt: commissions.createdAt,
        firstName: clients.firstName,
        lastName: clients.lastName,
        productName: commissions.productName,
        orderId: commissions.orderId,
        paidAt: commissions.paidAt,
        purchasePriceCents: commissions.purchasePriceCents,
        amountCents: commissions.amountCents,
      })
      .from(commissions)
      .innerJoin(clients, eq(clients.id, commissions.clientId))
      .where(inScope)
      .orderBy(...commissionListOrder),
    loadCommissionTotals(db, actor.stylistId, range),
  ]);
  const lines = [
    csvLine(COMMISSIONS_CSV_HEADER),
    ...rows.map((row) =>
      csvLine([
        row.id,
        day(row.createdAt),
        `${row.firstName} ${row.lastName}`.trim(),
        row.productName,
        row.orderId ? 'Purchase' : 'Sale',
        row.orderId ?? '',
        row.paidAt ? 'Paid' : 'Pending',
        row.paidAt ? day(row.paidAt) : '',
        { cents: row.purchasePriceCents },
        { cents: row.amountCents },
      ]),
    ),
    '\r\n',
    totalsLine('Paid total', { cents: totals.paidCents }),
    totalsLine('Pending total', { cents: totals.unpaidCents }),
    totalsLine('Total', { cents: totals.paidCents + totals.unpaidCents }),
    totalsLine('Products Sold & Purchased', totals.total),
  ];
  // The byte-order mark makes Excel read the file as UTF-8, so accented names survive (issue 18).
  return { filename: commissionsCsvFilename(range), csv: `${UTF8_BOM}${lines.join('')}` };
}
