import { describe, expect, test } from 'vitest';
import {
  ACCESS_TOKEN_PATTERN,
  CompletePickupBodySchema,
  PICKUP_TEXT,
  ShippingLabelBodySchema,
  clientBarCode,
  failureLines,
} from './pickup.ts';

const signature = 'data:image/png;base64,iVBORw0KGgo=';
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('pickup payload (§3, §5)', () => {
  test('reads the comma-joined quote ids, spaces and all', () => {
    const body = CompletePickupBodySchema.parse({
      quoteIds: '12, 7,31',
      signature,
      generateShippingLabel: false,
    });
    expect(body.quoteIds).toEqual([12, 7, 31]);
  });

  test.each([
    ['no ids', ''],
    ['only commas', ' , ,'],
  ])('refuses %s with the §8 text', (_case, quoteIds) => {
    const result = CompletePickupBodySchema.safeParse({
      quoteIds,
      signature,
      generateShippingLabel: false,
    });
    expect(messagesOf(result)).toEqual([PICKUP_TEXT.noPickupItems]);
  });

  test('refuses an id that is not a number, and the same item twice', () => {
    const notANumber = CompletePickupBodySchema.safeParse({
      quoteIds: '12,abc',
      signature,
      generateShippingLabel: false,
    });
    expect(messagesOf(notANumber)).toEqual(['Not a quote id']);
    const twice = CompletePickupBodySchema.safeParse({
      quoteIds: '12,12',
      signature,
      generateShippingLabel: false,
    });
    expect(messagesOf(twice)).toEqual(['Each item may be picked up once']);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a PNG data URL', 'data:image/jpeg;base64,/9j/'],
  ])('a %s signature asks for one (§5)', (_case, value) => {
    const result = CompletePickupBodySchema.safeParse({
      quoteIds: '1',
      signature: value,
      generateShippingLabel: false,
    });
    expect(messagesOf(result)).toEqual([PICKUP_TEXT.signatureRequired]);
  });

  test('a signature far larger than a pad can draw is refused', () => {
    const result = CompletePickupBodySchema.safeParse({
      quoteIds: '1',
      signature: signature + 'A'.repeat(400_000),
      generateShippingLabel: false,
    });
    expect(messagesOf(result)).toEqual(['The signature image is too large']);
  });
});

describe('label payload (§3, §5)', () => {
  test('takes numbers or numeric strings, and does not email unless asked', () => {
    expect(ShippingLabelBodySchema.parse({ item_ids: ['4', 5] })).toEqual({
      item_ids: [4, 5],
      emailClientShiplist: false,
    });
  });

  test.each([
    ['an empty list', { item_ids: [] }],
    ['no list', {}],
    ['a string', { item_ids: '4,5' }],
  ])('%s gets the §5 text, keyed item_ids', (_case, body) => {
    const result = ShippingLabelBodySchema.safeParse(body);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['item_ids', PICKUP_TEXT.itemIdsRequired],
    ]);
  });
});

describe('failure lines under "Please fix the following errors:" (§8)', () => {
  test('item id errors read "Items: …", other fields by name', () => {
    expect(
      failureLines(
        {
          message: 'Some fields are not valid.',
          code: 'VALIDATION_FAILED',
          errors: {
            item_ids: ['Quote #4 is In Transit', 'Quote #5 is Rejected'],
            city: ['Enter a city'],
          },
        },
        PICKUP_TEXT.labelFailed,
      ),
    ).toEqual(['Items: Quote #4 is In Transit, Quote #5 is Rejected', 'city: Enter a city']);
  });

  test('an error on one listed item still reads as Items', () => {
    expect(failureLines({ errors: { 'item_ids.1': ['Not a quote id'] } }, 'x')).toEqual([
      'Items: Not a quote id',
    ]);
  });

  test('without field errors: the message, else the error, else the fallback', () => {
    expect(failureLines({ message: 'The carrier is down', code: 'X' }, 'fallback')).toEqual([
      'The carrier is down',
    ]);
    expect(failureLines({ error: 'Bad gateway' }, 'fallback')).toEqual(['Bad gateway']);
    expect(failureLines({ errors: { item_ids: [] } }, 'fallback')).toEqual(['fallback']);
    expect(failureLines('<html>502</html>', 'fallback')).toEqual(['fallback']);
    expect(failureLines(null, 'fallback')).toEqual(['fallback']);
  });
});

test('client barcodes are WC and the id in eight digits', () => {
  expect(clientBarCode(7)).toBe('WC00000007');
  expect(clientBarCode(123456789)).toBe('WC123456789');
});

test('a link token is 43 base64url characters', () => {
  expect(ACCESS_TOKEN_PATTERN.test('a'.repeat(43))).toBe(true);
  expect(ACCESS_TOKEN_PATTERN.test('a'.repeat(42))).toBe(false);
  expect(ACCESS_TOKEN_PATTERN.test(`${'a'.repeat(42)}/`)).toBe(false);
});
