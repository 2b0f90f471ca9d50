import { describe, expect, test } from 'vitest';
import { unstorableTextPaths } from './text.ts';

describe('unstorableTextPaths', () => {
  test('names every string and key holding U+0000, nested or not', () => {
    expect(
      unstorableTextPaths({
        comment: 'fine\u0000',
        address: { city: 'Paris', street: '\u00001 rue' },
        tags: ['ok', 'b\u0000d'],
        'k\u0000ey': 'value',
        count: 3,
        none: null,
      }),
    ).toEqual(['address.street', 'comment', 'k\u0000ey', 'tags.1']);
    expect(unstorableTextPaths('\u0000')).toEqual(['_']);
  });

  test('names every string and key holding half of a UTF-16 surrogate pair', () => {
    expect(
      unstorableTextPaths({
        high: 'a\uD800b',
        low: '\uDC00',
        reversed: '\uDC00\uD800',
        ['k\uDBFF']: 'value',
        pair: 'dress 👗 \uD83D\uDC57',
      }),
    ).toEqual(['high', 'k\uDBFF', 'low', 'reversed']);
  });

  test('finds nothing in ordinary text, accents, emoji and other control characters', () => {
    expect(unstorableTextPaths({ a: 'Élodie 👗\t\n\u0001', b: [1, true, null] })).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
  });

  test('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPaths(deep)).toHaveLength(1);
  });
});
