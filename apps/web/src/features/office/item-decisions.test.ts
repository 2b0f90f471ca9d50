import { OfficeDecisionBodySchema } from '@atelier/contract';
import { describe, expect, test } from 'vitest';
import {
  backToQueuePath,
  decisionBody,
  decisionErrors,
  errorField,
  formatStatus,
  needsForm,
} from './item-decisions.ts';

describe('decisionBody', () => {
  test('a one-click decision sends itself and the version the item was loaded with', () => {
    const body = decisionBody('start_authentication', {}, 7);
    expect(body).toEqual({ decision: 'start_authentication', version: 7 });
    expect(OfficeDecisionBodySchema.safeParse(body).success).toBe(true);
  });

  test('offers read "$1,200.50" as dollars and leave empty fields out', () => {
    const body = decisionBody(
      'make_offers',
      { consignmentEstimate: ' $1,200.50 ', buyoutQuote: '', expiresInDays: '14' },
      3,
    );
    expect(body).toEqual({
      decision: 'make_offers',
      version: 3,
      offers: { consignmentEstimate: 1200.5, buyoutQuote: undefined },
      expiresInDays: 14,
    });
    expect(OfficeDecisionBodySchema.safeParse(body).success).toBe(true);
  });

  test('an amount that does not read goes as typed, for the server to refuse under its field', () => {
    const body = decisionBody('record_sale', { commission: 'ten', purchasePrice: '' }, 1);
    expect(body).toMatchObject({ commission: 'ten', purchasePrice: undefined });
    const parsed = OfficeDecisionBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['commission']);
  });

  test('a counterfeit verdict keeps the internal reason apart from the comment to the client', () => {
    expect(
      decisionBody('counterfeit', { reason: ' stitching ', commentToCustomer: '  ' }, 2),
    ).toEqual({
      decision: 'counterfeit',
      version: 2,
      reason: 'stitching',
      commentToCustomer: undefined,
    });
    expect(decisionBody('counterfeit', { reason: '' }, 2)).toMatchObject({ reason: undefined });
  });

  test('a request for more info sends what is missing and the message', () => {
    expect(decisionBody('request_more_info', { missing: 'date code', message: 'Hi' }, 4)).toEqual({
      decision: 'request_more_info',
      version: 4,
      missing: 'date code',
      message: 'Hi',
    });
  });
});

describe('server errors on their fields', () => {
  test('nested keys and the "at least one offer" refusal land on a field of the form', () => {
    expect(errorField('make_offers', 'offers.buyoutQuote')).toBe('buyoutQuote');
    expect(errorField('make_offers', 'offers')).toBe('consignmentEstimate');
    expect(errorField('counterfeit', 'reason')).toBe('reason');
    expect(errorField('counterfeit', 'version')).toBeNull();
  });

  test('messages of no field are kept apart; empty lists are skipped', () => {
    expect(
      decisionErrors('counterfeit', {
        reason: ['Say why it is counterfeit'],
        version: ['Send the version'],
        commentToCustomer: [],
      }),
    ).toEqual({ fields: { reason: 'Say why it is counterfeit' }, others: ['Send the version'] });
    expect(decisionErrors('authentic', undefined)).toEqual({ fields: {}, others: [] });
  });
});

test('only decisions with fields open a form', () => {
  expect(needsForm('authentic')).toBe(false);
  expect(needsForm('counterfeit')).toBe(true);
  expect(needsForm('make_offers')).toBe(true);
  expect(needsForm('receive')).toBe(false);
});

test('"Back to the queue" goes where the item was opened from, else to its stage', () => {
  expect(backToQueuePath('/office?stage=to_price&page=2', 'to_price')).toBe(
    '/office?stage=to_price&page=2',
  );
  expect(backToQueuePath(undefined, 'to_authenticate')).toBe('/office?stage=to_authenticate');
  // Only a queue of the office: a foreign address from history state is not followed.
  expect(backToQueuePath('https://elsewhere.test/office', 'sold')).toBe('/office?stage=sold');
  expect(backToQueuePath('/officers', null)).toBe('/office');
});

test('a status reads as words', () => {
  expect(formatStatus('authentication_in_progress')).toBe('Authentication in progress');
});
