import { z } from 'zod';
import { formatMoney } from './format.ts';
import { SECOND_OPINION_VERDICTS, type OfficeDecisionBodySchema } from './office-item.ts';

/* ---------- A second opinion: some decisions wait for another staff member's "Approve" ---------- */

/** OFFICE_SECOND_OPINION_CENTS: offers above this wait for a second opinion ($5,000.00). */
export const DEFAULT_OFFICE_SECOND_OPINION_CENTS = 500_000;

/** A decision as the server keeps it while it waits (as it was sent, version and all). */
export type PendingOfficeDecision = z.output<typeof OfficeDecisionBodySchema>;

const centsOf = (dollars: number | null | undefined) =>
  dollars == null ? null : Math.round(dollars * 100);

/**
 * Whether a decision waits for a second staff member: every counterfeit verdict, and offers of
 * which any amount is above the threshold. Renewing offers keeps amounts already approved.
 */
export function needsSecondOpinion(decision: PendingOfficeDecision, thresholdCents: number) {
  if (decision.decision === 'counterfeit') return true;
  if (decision.decision !== 'make_offers') return false;
  return Object.values(decision.offers).some((dollars) => (centsOf(dollars) ?? 0) > thresholdCents);
}

/** What a waiting decision says, in one line: "Counterfeit: the stitching is uneven". */
export function describeDecision(decision: PendingOfficeDecision): string {
  switch (decision.decision) {
    case 'counterfeit':
      return `Counterfeit: ${decision.reason ?? ''}`.trim();
    case 'make_offers': {
      const { consignmentEstimate, buyoutQuote, buybackQuote } = decision.offers;
      const amounts = [
        ['consignment', consignmentEstimate],
        ['buyout', buyoutQuote],
        ['buyback', buybackQuote],
      ] as const;
      const named = amounts
        .filter(([, dollars]) => dollars != null)
        .map(([name, dollars]) => `${name} ${formatMoney(dollars ?? 0)}`);
      return `Offers: ${named.join(', ')}`;
    }
    default:
      return decision.decision;
  }
}

/** POST /api/office/items/{quoteId}/second-opinion: approve the waiting decision, or send it back. */
export const SecondOpinionBodySchema = z.strictObject({
  verdict: z.enum(SECOND_OPINION_VERDICTS, { error: 'verdict must be approve or reject' }),
  /** Why it goes back (kept as an internal note). */
  note: z.string().trim().max(1000, 'Keep the note under 1000 characters').optional(),
});
export type SecondOpinionBody = z.infer<typeof SecondOpinionBodySchema>;
