import type { OfficeDecision, OfficeDecisionBody, OfficeStage } from '@atelier/contract';

/** The fields a decision's form asks for; every value is typed text until it is sent. */
export const DECISION_FIELDS = {
  start_authentication: [],
  authentic: [],
  counterfeit: ['reason', 'commentToCustomer'],
  request_more_info: ['missing', 'message'],
  make_offers: ['consignmentEstimate', 'buyoutQuote', 'expiresInDays'],
  renew_offers: ['expiresInDays'],
  receive: [],
  convert: [],
  record_sale: ['commission', 'purchasePrice'],
} as const satisfies Record<OfficeDecision, readonly string[]>;

export type DecisionField = (typeof DECISION_FIELDS)[OfficeDecision][number];
export type DecisionValues = Partial<Record<DecisionField, string>>;

export const DECISION_FIELD_LABELS: Readonly<Record<DecisionField, string>> = {
  reason: 'Reason (internal, for the record)',
  commentToCustomer: 'Comment to the client (optional)',
  missing: 'What is missing',
  message: 'Message to the stylist and client',
  consignmentEstimate: 'Consignment estimate ($)',
  buyoutQuote: 'Buyout quote ($)',
  expiresInDays: 'Offers stay open (days, optional)',
  commission: 'Commission ($)',
  purchasePrice: 'Payout to the client ($, optional)',
};

/** Whether a decision asks for input before it is sent (the others are one click). */
export const needsForm = (decision: OfficeDecision): boolean =>
  DECISION_FIELDS[decision].length > 0;

/**
 * Typed text as a number when it reads as one ("$1,200.50" → 1200.5); empty text is left out;
 * anything else goes as typed, for the server to say what is wrong under its field.
 */
function amount(text: string | undefined): number | string | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed.replace(/[$,\s]/g, ''));
  return Number.isFinite(number) ? number : trimmed;
}

const text = (value: string | undefined): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The decision's body as the server reads it, with the version the item was loaded with. */
export function decisionBody(
  decision: OfficeDecision,
  values: DecisionValues,
  version: number,
): OfficeDecisionBody {
  // The server is the validator: a value that does not read goes as typed and comes back as a field error.
  const loose = (value: number | string | undefined) => value as number | undefined;
  switch (decision) {
    case 'counterfeit':
      return {
        decision,
        version,
        reason: text(values.reason),
        commentToCustomer: text(values.commentToCustomer),
      };
    case 'request_more_info':
      return { decision, version, missing: values.missing ?? '', message: values.message ?? '' };
    case 'make_offers':
      return {
        decision,
        version,
        offers: {
          consignmentEstimate: loose(amount(values.consignmentEstimate)),
          buyoutQuote: loose(amount(values.buyoutQuote)),
        },
        expiresInDays: loose(amount(values.expiresInDays)),
      };
    case 'renew_offers':
      return { decision, version, expiresInDays: loose(amount(values.expiresInDays)) };
    case 'record_sale':
      return {
        decision,
        version,
        commission: loose(amount(values.commission)) as number,
        purchasePrice: loose(amount(values.purchasePrice)),
      };
    default:
      return { decision, version };
  }
}

/**
 * The form field a server error key belongs to: "offers.buyoutQuote" → buyoutQuote, and
 * "offers" (make at least one offer) → the first offer's field; null when none of the form's.
 */
export function errorField(decision: OfficeDecision, key: string): DecisionField | null {
  const fields: readonly DecisionField[] = DECISION_FIELDS[decision];
  const parts = key.split('.');
  const named = [...parts].reverse().find((part) => fields.includes(part as DecisionField));
  if (named) return named as DecisionField;
  if (parts[0] === 'offers' && fields.includes('consignmentEstimate')) return 'consignmentEstimate';
  return null;
}

/** The server's field errors by form field, and the messages no field shows. */
export function decisionErrors(
  decision: OfficeDecision,
  errors: Readonly<Record<string, readonly string[]>> | undefined,
): { fields: Partial<Record<DecisionField, string>>; others: string[] } {
  const fields: Partial<Record<DecisionField, string>> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (messages.length === 0) continue;
    const field = errorField(decision, key);
    if (field) fields[field] = [fields[field], ...messages].filter(Boolean).join(' ');
    else others.push(...messages);
  }
  return { fields, others };
}

/** Where "Back to the queue" goes: the queue the item was opened from, else its stage's queue. */
export function backToQueuePath(from: unknown, stage: OfficeStage | null): string {
  if (typeof from === 'string' && /^\/office(\?|$)/.test(from)) return from;
  return stage ? `/office?stage=${stage}` : '/office';
}

/** A lifecycle status as words: "authentication_in_progress" → "Authentication in progress". */
export function formatStatus(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
