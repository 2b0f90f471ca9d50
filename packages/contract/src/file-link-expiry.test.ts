import { describe, expect, test } from 'vitest';
import { fileLinksExpireAt } from './file-link-expiry.ts';

const link = (key: string, expires: number) =>
  `/files/${key}?expires=${expires}&signature=c2lnbmF0dXJlLW9mLXRoZS1saW5r`;

describe('fileLinksExpireAt', () => {
  test('finds the earliest expiry among nested signed links, absolute or not', () => {
    const answer = {
      data: {
        photo: link('profiles/a.webp', 1_900_000_600),
        quotes: [
          { images: [{ url: `https://atelier.example${link('quotes/b.webp', 1_900_000_300)}` }] },
          { images: [{ url: link('quotes/c.webp', 1_900_000_900) }] },
        ],
      },
    };
    expect(fileLinksExpireAt(answer)).toBe(1_900_000_300_000);
  });

  test('ignores unsigned paths, other sites and text that merely mentions files', () => {
    expect(
      fileLinksExpireAt({
        stored: '/files/seed/a.webm',
        video: 'https://cdn.example/files/a.webm?expires=1&sig=x',
        note: 'files?expires=1&signature=',
      }),
    ).toBeNull();
    expect(fileLinksExpireAt(undefined)).toBeNull();
  });
});
