import { describe, expect, test } from 'vitest';
import { fileLinksStillWork, freshWhileFileLinksWork } from './file-link-freshness.ts';

const now = 1_900_000_000_000;
const answerWithLinkUntil = (expiresMs: number) => ({
  data: { photo: `/files/profiles/a.webp?expires=${expiresMs / 1000}&signature=abc` },
});

describe('file links in cached answers', () => {
  test('a copy whose links run out within the minute is not shown', () => {
    expect(fileLinksStillWork(answerWithLinkUntil(now + 3_600_000), now)).toBe(true);
    expect(fileLinksStillWork(answerWithLinkUntil(now + 30_000), now)).toBe(false);
    expect(fileLinksStillWork(answerWithLinkUntil(now - 1_000), now)).toBe(false);
    expect(fileLinksStillWork({ data: { photo: null } }, now)).toBe(true);
  });

  test('an answer stays fresh for its own time, or until a minute before its links run out', () => {
    const eightHours = 8 * 3_600_000;
    const staleTime = freshWhileFileLinksWork(eightHours);
    const state = (data: unknown) => ({ state: { data, dataUpdatedAt: now } });
    expect(staleTime(state(answerWithLinkUntil(now + 3_600_000)))).toBe(3_540_000);
    expect(staleTime(state({ data: { photo: null } }))).toBe(eightHours);
    expect(staleTime(state(answerWithLinkUntil(now + 10_000)))).toBe(0);
    expect(freshWhileFileLinksWork(Infinity)(state(answerWithLinkUntil(now + 120_000)))).toBe(
      60_000,
    );
  });
});
