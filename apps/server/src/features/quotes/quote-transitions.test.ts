import {
  ANSWERABLE_STATUSES,
  LifecycleStatusSchema,
  QuoteActorSchema,
  type LifecycleStatus,
  type QuoteActor,
} from '@atelier/contract';
import { describe, expect, test } from 'vitest';
import { quoteStatus } from '../../db/schema.ts';
import { QUOTE_TRANSITIONS, transitionRefusal } from './quote-transitions.ts';

/** The life cycle of ARCHITECTURE.md, written out independently of the module's own table. */
const LEGAL: Record<string, readonly QuoteActor[]> = {
  'pending_authentication>authentication_in_progress': ['admin'],
  'authentication_in_progress>authenticated_no_offer': ['admin'],
  'authentication_in_progress>authenticated_with_offer': ['admin'],
  'authentication_in_progress>fake': ['admin'],
  'authentication_in_progress>needs_more_info': ['admin'],
  'needs_more_info>authentication_in_progress': ['admin', 'stylist'],
  'authenticated_no_offer>authenticated_with_offer': ['admin'],
  'authenticated_with_offer>authenticated_with_offer': ['admin'],
  'authenticated_with_offer>offer_pending': ['stylist', 'system'],
  'authenticated_with_offer>offer_accepted': ['stylist', 'client'],
  'authenticated_with_offer>rejected': ['stylist', 'client'],
  'offer_pending>offer_accepted': ['stylist', 'client'],
  'offer_pending>rejected': ['stylist', 'client'],
  'offer_accepted>in_transit': ['stylist'],
  'in_transit>received': ['admin'],
  'received>converted': ['admin'],
  'converted>sold': ['system', 'admin'],
};

const STATUSES = LifecycleStatusSchema.options;
const ACTORS = QuoteActorSchema.options;

describe('the quote life cycle', () => {
  test('the table lists every legal move once, and no other', () => {
    const keys = QUOTE_TRANSITIONS.map((t) => `${t.from}>${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      Object.fromEntries(QUOTE_TRANSITIONS.map((t) => [`${t.from}>${t.to}`, t.actors])),
    ).toEqual(LEGAL);
  });

  test('every legal move is allowed to its actors and refused to the others', () => {
    for (const [move, actors] of Object.entries(LEGAL)) {
      const [from, to] = move.split('>') as [LifecycleStatus, LifecycleStatus];
      for (const actor of ACTORS) {
        const refusal = transitionRefusal(from, to, actor);
        if (actors.includes(actor)) expect(refusal, `${actor} ${move}`).toBeNull();
        else expect(refusal, `${actor} ${move}`).toMatch(/^Only the .* can move a quote from "/);
      }
    }
  });

  test('every other pair of statuses is refused to every actor, naming both labels', () => {
    let refused = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        if (`${from}>${to}` in LEGAL) continue;
        for (const actor of ACTORS) {
          expect(transitionRefusal(from, to, actor), `${actor} ${from}>${to}`).not.toBeNull();
          refused += 1;
        }
      }
    }
    expect(refused).toBe((STATUSES.length ** 2 - Object.keys(LEGAL).length) * ACTORS.length);
    expect(transitionRefusal('pending_authentication', 'received', 'admin')).toBe(
      'A quote that is "Pending Authentication" cannot become "Received at Warehouse".',
    );
    expect(transitionRefusal('received', 'received', 'admin')).toBe(
      'The quote is already "Received at Warehouse".',
    );
    expect(
      transitionRefusal('pending_authentication', 'authentication_in_progress', 'stylist'),
    ).toBe(
      'Only the back office can move a quote from "Pending Authentication" to "Authentication in Progress".',
    );
  });

  test("a client's answer is taken exactly in the answerable statuses", () => {
    for (const to of ['offer_accepted', 'rejected'] as const) {
      const from = QUOTE_TRANSITIONS.filter((t) => t.to === to).map((t) => t.from);
      expect(from.toSorted()).toEqual([...ANSWERABLE_STATUSES].toSorted());
    }
  });

  test("the database's statuses are the contract's life-cycle statuses", () => {
    expect(quoteStatus.enumValues.toSorted()).toEqual([...STATUSES].toSorted());
  });

  test('finished and closed quotes go nowhere', () => {
    for (const status of ['fake', 'rejected', 'sold'] as const) {
      expect(QUOTE_TRANSITIONS.filter((t) => t.from === status)).toEqual([]);
    }
  });
});
