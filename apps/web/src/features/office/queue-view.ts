import {
  OFFICE_QUEUE_TABS,
  OFFICE_STAGE_RIGHTS,
  type OfficeQueueTab,
  type OfficeRight,
} from '@atelier/contract';
import { generatePath } from 'react-router';
import { routes } from '../../app/routes.ts';

/** What the queues page shows: the tab, the page and the filters, all kept in the URL. */
export interface QueueView {
  stage: OfficeQueueTab;
  page: number;
  mine: boolean;
  stylistId: number | null;
  designerId: number | null;
  q: string;
}

const isTab = (value: string | null): value is OfficeQueueTab =>
  (OFFICE_QUEUE_TABS as readonly (string | null)[]).includes(value);

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** `/office?stage=to_price&page=2&mine=true…` as a view; what does not read falls back to the default. */
export function readQueueView(params: URLSearchParams): QueueView {
  const stage = params.get('stage');
  return {
    stage: isTab(stage) ? stage : OFFICE_QUEUE_TABS[0],
    page: positiveInt(params.get('page')) ?? 1,
    mine: params.get('mine') === 'true',
    stylistId: positiveInt(params.get('stylistId')),
    designerId: positiveInt(params.get('designerId')),
    q: (params.get('q') ?? '').trim(),
  };
}

/** The view as the URL's query; defaults stay out of it (page 1, no filter). */
export function queueViewParams(view: QueueView): URLSearchParams {
  const params = new URLSearchParams({ stage: view.stage });
  if (view.page > 1) params.set('page', String(view.page));
  if (view.mine) params.set('mine', 'true');
  if (view.stylistId !== null) params.set('stylistId', String(view.stylistId));
  if (view.designerId !== null) params.set('designerId', String(view.designerId));
  if (view.q) params.set('q', view.q);
  return params;
}

export const hasFilters = (view: QueueView): boolean =>
  view.mine || view.stylistId !== null || view.designerId !== null || view.q !== '';

/** The business hours of a working day (the server's SLA counts 8). */
export const BUSINESS_DAY_HOURS = 8;

/** Business hours as "under 1 h", "5 h", "2 d 3 h" (a day is 8 business hours). */
export function formatBusinessHours(hours: number): string {
  const whole = Math.floor(Math.max(hours, 0));
  if (whole < 1) return 'under 1 h';
  const days = Math.floor(whole / BUSINESS_DAY_HOURS);
  const rest = whole % BUSINESS_DAY_HOURS;
  if (days === 0) return `${rest} h`;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

/**
 * Whether someone with `rights` may take items of `stage` ("Assign to me"). A second opinion is
 * given from the item's workspace, not taken from the list.
 */
export const canTakeFrom = (stage: OfficeQueueTab, rights: readonly OfficeRight[]): boolean =>
  stage !== 'second_opinion' && rights.includes(OFFICE_STAGE_RIGHTS[stage]);

/** An item's workspace (`/office/items/:quoteId`); here, not in routes.ts, to keep it off the first load. */
export function officeItemPath(quoteId: number): string {
  return generatePath(routes.officeItem.path, { quoteId: String(quoteId) });
}
