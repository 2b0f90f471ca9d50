import { describe, expect, test } from 'vitest';
import { linksIn } from '../../integrations/mail/testing.ts';
import { shareEmail, type ShareEmailInput } from './share-email.ts';

const input: ShareEmailInput = {
  to: 'margaux@clients.test',
  clientFirstName: 'Margaux',
  stylist: { firstName: 'Camille', name: 'Camille Laurent', email: 'camille@stylists.test' },
  items: [
    {
      quoteId: 12,
      brand: 'Louis Vuitton',
      name: 'Speedy 30 Monogram',
      buyout: 1200,
      consignment: 1550.5,
      thumbnailKey: 'quote-images/speedy.thumb.webp',
    },
    {
      quoteId: 13,
      brand: 'Hermès',
      name: 'Kelly 28',
      buyout: 14250,
      consignment: null,
      thumbnailKey: null,
    },
  ],
  link: 'https://atelier.test/curated/abc_DEF-123',
  hubLink: 'https://atelier.test/hub/abc_DEF-123',
  quoteShareLink: 'https://atelier.test/quote/ghi_JKL-456',
  offerApprovalLink: 'https://atelier.test/quotes/mno_PQR-789',
};

/** The one button: React Email's Button is the only link drawn as a block. */
const buttonsIn = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*display:block/g)].map(([, href]) => href);

describe('the share email', () => {
  test('lists each item with its amounts, has one button, and answers go to the stylist', async () => {
    const email = await shareEmail(input);
    expect(email.to).toBe('margaux@clients.test');
    expect(email.replyTo).toEqual({ name: 'Camille Laurent', address: 'camille@stylists.test' });
    expect(email.subject).toBe('Camille sent you 2 offers');
    expect(email.text).toBe(
      [
        'Hi Margaux,',
        '',
        'Camille Laurent has offers for these 2 items. Tell Camille which you would like to sell.',
        '',
        '- Louis Vuitton Speedy 30 Monogram',
        '  Buyout offer: $1,200.00',
        '  Consignment estimate: $1,550.50',
        '- Hermès Kelly 28',
        '  Buyout offer: $14,250.00',
        '',
        'Review your offers: https://atelier.test/curated/abc_DEF-123',
        '',
        'Everything in one place: your items, their timeline and your offers side by side: https://atelier.test/hub/abc_DEF-123',
        '',
        'Prefer to consign? Choose consignment or buyout for each item: https://atelier.test/quotes/mno_PQR-789',
        '',
        'Follow all your items, answered or not, on your Quote Share page: https://atelier.test/quote/ghi_JKL-456',
        '',
        'The links work for 30 days.',
        '',
        '--',
        'Camille Laurent sent you this through Atelier. Reply to this email to write to Camille.',
        '',
      ].join('\n'),
    );
    const html = email.html!;
    expect(buttonsIn(html)).toEqual(['https://atelier.test/curated/abc_DEF-123']);
    expect(html).toContain('>Review your offers<');
    // Each page is linked once, so the button is the way to answer.
    expect(linksIn(html)).toEqual([
      input.link,
      input.hubLink,
      input.offerApprovalLink,
      input.quoteShareLink,
    ]);
    for (const shown of [
      'Louis Vuitton Speedy 30 Monogram',
      'Buyout offer: $1,200.00',
      'Consignment estimate: $1,550.50',
      'Hermès Kelly 28',
      'Buyout offer: $14,250.00',
    ])
      expect(html).toContain(shown);
  });

  test('thumbnails travel inside the message, as inline attachments the HTML names', async () => {
    const email = await shareEmail(input);
    expect(email.attachments).toEqual([
      {
        filename: 'quote-12.jpg',
        storageKey: 'quote-images/speedy.thumb.webp',
        cid: 'quote-12@atelier',
      },
    ]);
    const sources = [...email.html!.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map(([, src]) => src);
    expect(sources).toEqual(['cid:quote-12@atelier']);
  });

  test('offers consignment only when some offer can be consigned', async () => {
    const email = await shareEmail({ ...input, offerApprovalLink: null });
    expect(email.text).not.toContain('Prefer to consign?');
    expect(linksIn(email.html!)).toEqual([input.link, input.hubLink, input.quoteShareLink]);
  });

  test('with nothing to answer, its one link follows the items', async () => {
    const email = await shareEmail({ ...input, items: [] });
    expect(email.subject).toBe('Camille shared your quotes');
    expect(linksIn(email.html!)).toEqual([input.quoteShareLink, input.hubLink]);
    expect(buttonsIn(email.html!)).toEqual([input.quoteShareLink]);
    expect(email.text).toContain('See your items: https://atelier.test/quote/ghi_JKL-456');
    expect(email.attachments).toEqual([]);
  });

  test('one offer reads in the singular', async () => {
    const email = await shareEmail({ ...input, items: input.items.slice(0, 1) });
    expect(email.subject).toBe('Camille sent you 1 offer');
    expect(email.text).toContain('Camille Laurent has an offer for this item.');
  });

  test('escapes every value it puts into the HTML', async () => {
    const email = await shareEmail({
      ...input,
      clientFirstName: '<img src=x onerror=alert(1)>',
      stylist: { firstName: 'Zoë & "Co"', name: "O'Brien </p><script>", email: 'z@x.test' },
      items: [{ ...input.items[1]!, brand: '<b>Dior</b>', name: 'Saddle & <i>' }],
      link: 'https://atelier.test/curated/x"><script>',
    });
    const html = email.html!;
    expect(html).not.toMatch(/<(img src=x|script|b>|i>)/);
    expect(html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('<title>Zoë &amp; &quot;Co&quot; sent you 1 offer</title>');
    expect(html).toContain('O&#x27;Brien &lt;/p&gt;&lt;script&gt;');
    expect(html).toContain('&lt;b&gt;Dior&lt;/b&gt; Saddle &amp; &lt;i&gt;');
    expect(html).toContain('href="https://atelier.test/curated/x&quot;&gt;&lt;script&gt;"');
    // The text part is plain text: nothing to escape there.
    expect(email.text).toContain('Hi <img src=x onerror=alert(1)>,');
  });
});
