import { describe, expect, test } from 'vitest';
import { isNewStylist, LinkUrlSchema, TutorialBodySchema } from './help.ts';

describe('a new stylist (§9: created within the last 2 months)', () => {
  const created = new Date('2026-01-15T12:00:00Z');

  test('is new until the same day two months on', () => {
    expect(isNewStylist(created, new Date('2026-01-15T12:00:00Z'))).toBe(true);
    expect(isNewStylist(created, new Date('2026-03-15T11:59:59Z'))).toBe(true);
    expect(isNewStylist(created, new Date('2026-03-15T12:00:00Z'))).toBe(false);
    expect(isNewStylist(created, new Date('2026-09-01T00:00:00Z'))).toBe(false);
  });

  test('a month-end start ends at the end of the shorter month, not in the one after', () => {
    const newYearsEve = new Date('2025-12-31T09:00:00Z');
    expect(isNewStylist(newYearsEve, new Date('2026-02-28T08:59:59Z'))).toBe(true);
    expect(isNewStylist(newYearsEve, new Date('2026-02-28T09:00:00Z'))).toBe(false);
    expect(isNewStylist(newYearsEve, new Date('2026-03-02T00:00:00Z'))).toBe(false);
  });
});

describe('links the portal puts in an href or src', () => {
  test('http(s) URLs and paths on this site pass', () => {
    for (const url of ['https://example.com/a', 'http://localhost:3000/x', '/files/seed/a.webm']) {
      expect(LinkUrlSchema.safeParse(url).success).toBe(true);
    }
  });

  test('scripts, other schemes, protocol-relative and backslash paths are refused', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      '//evil.example',
      '/\\evil.example',
      'files/a.jpg',
      '',
    ]) {
      expect(LinkUrlSchema.safeParse(url).success).toBe(false);
    }
  });

  test('a tutorial that shows its video must have one', () => {
    const body = { title: 'T', description: 'D', category: 'Welcome', showVideo: true };
    expect(TutorialBodySchema.safeParse(body).success).toBe(false);
    expect(TutorialBodySchema.parse({ ...body, videoUrl: '/files/v.webm' })).toMatchObject({
      order: 0,
      coverImageUrl: null,
    });
  });
});
