import { describe, expect, test } from 'vitest';
import { escapeHtml } from '../../lib/html.ts';
import { shareEmail, type ShareEmailInput } from './share-email.ts';

const input: ShareEmailInput = {
  to: 'margaux@clients.test',
  clientFirstName: 'Margaux',
  stylistFirstName: 'Camille',
  stylistName: 'Camille Laurent',
  awaitingAnswer: 2,
  link: 'https://atelier.test/curated/abc_DEF-123',
  quoteShareLink: 'https://atelier.test/quote/ghi_JKL-456',
  offerApprovalLink: 'https://atelier.test/quotes/mno_PQR-789',
};

describe('the share email', () => {
  test('names the stylist, counts the answers wanted and carries the links', () => {
    const email = shareEmail(input);
    expect(email.to).toBe('margaux@clients.test');
    expect(email.subject).toBe('Camille shared your quotes');
    expect(email.text).toBe(
      [
        'Hi Margaux,',
        '',
        'Camille Laurent shared your quotes with you. 2 quotes are waiting for your answer.',
        '',
        'See your quotes: https://atelier.test/curated/abc_DEF-123',
        '',
        'Follow all your items: https://atelier.test/quote/ghi_JKL-456',
        '',
        'Prefer to consign? Choose consignment or buyout for each item: https://atelier.test/quotes/mno_PQR-789',
        '',
        'The links work for 30 days.',
        '',
      ].join('\n'),
    );
    expect(email.html).toContain(
      '<a href="https://atelier.test/curated/abc_DEF-123">See your quotes</a>',
    );
    expect(email.html).toContain(
      '<a href="https://atelier.test/quote/ghi_JKL-456">Follow all your items</a>',
    );
    expect(email.html).toContain(
      '<a href="https://atelier.test/quotes/mno_PQR-789">Prefer to consign? Choose consignment or buyout for each item</a>',
    );
    expect(email.html).toContain('<p>Camille Laurent shared your quotes with you.');
  });

  test('offers consignment only when some offer can be consigned', () => {
    const email = shareEmail({ ...input, offerApprovalLink: null });
    expect(email.text).not.toContain('Prefer to consign?');
    expect(email.html).not.toContain('Prefer to consign?');
    expect(email.text).toContain('Follow all your items: https://atelier.test/quote/ghi_JKL-456');
  });

  test('says one quote, or none, in plain words', () => {
    expect(shareEmail({ ...input, awaitingAnswer: 1 }).text).toContain(
      '1 quote is waiting for your answer.',
    );
    expect(shareEmail({ ...input, awaitingAnswer: 0 }).text).toContain(
      'Open the link to see where each of your items stands.',
    );
  });

  test('escapes every value it puts into the HTML', () => {
    const email = shareEmail({
      ...input,
      clientFirstName: '<img src=x onerror=alert(1)>',
      stylistFirstName: 'Zoë & "Co"',
      stylistName: "O'Brien </p><script>",
      link: 'https://atelier.test/curated/x"><script>',
      quoteShareLink: 'https://atelier.test/quote/y"><script>',
      offerApprovalLink: 'https://atelier.test/quotes/z"><script>',
    });
    const html = email.html!;
    expect(html).not.toMatch(/<(img|script)/);
    expect(html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('<title>Zoë &amp; &quot;Co&quot; shared your quotes</title>');
    expect(html).toContain('O&#39;Brien &lt;/p&gt;&lt;script&gt;');
    expect(html).toContain('href="https://atelier.test/curated/x&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('href="https://atelier.test/quote/y&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('href="https://atelier.test/quotes/z&quot;&gt;&lt;script&gt;"');
    // The text part is plain text: nothing to escape there.
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)>,');
  });

  test('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('Camille Laurent')).toBe('Camille Laurent');
  });
});
