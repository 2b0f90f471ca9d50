import { describe, expect, test } from 'vitest';
import { accountDocument } from '../../test/fixtures.ts';
import { findStylist } from './account-queries.ts';

describe('findStylist', () => {
  test('skips an included entry that is the account itself', () => {
    const doc = accountDocument();
    const stylist = doc.included[0];
    if (!stylist) throw new Error('fixture has no stylist');
    const self = { ...stylist, id: doc.data.id };
    expect(findStylist({ ...doc, included: [self, stylist] })?.id).toBe('sty-1');
  });

  test('falls back to the first included entry', () => {
    const doc = accountDocument();
    const stylist = doc.included[0];
    if (!stylist) throw new Error('fixture has no stylist');
    const self = { ...stylist, id: doc.data.id };
    expect(findStylist({ ...doc, included: [self] })?.id).toBe(doc.data.id);
  });

  test('finds none for a non-stylist account', () => {
    expect(findStylist(accountDocument({ isStylist: false }))).toBeNull();
  });
});
