import { describe, expect, test } from 'vitest';
import { linksIn } from '../../integrations/mail/testing.ts';
import {
  clientAnswerEmail,
  clientAnswerSummary,
  type ClientAnswerNotice,
} from './client-answer-email.ts';

const input: ClientAnswerNotice = {
  to: 'camille@stylists.test',
  stylistFirstName: 'Camille',
  clientFirstName: 'Olivia',
  clientName: 'Olivia Bennett',
  pageName: 'Curated For',
  items: [
    { brand: 'Chanel', name: 'Classic Flap Bag', response: 'buyout', amount: 1800 },
    { brand: 'Hermès', name: 'Kelly 28', response: 'rejected', amount: null },
  ],
  link: 'https://atelier.test/quotes/review/7?quotes=3,4',
};

describe('the email telling a stylist how the client answered', () => {
  test('names the client, lists each answer with its amount and has one link, to the review page', async () => {
    const email = await clientAnswerEmail(input);
    expect(email.to).toBe('camille@stylists.test');
    expect(email.subject).toBe('Olivia answered your quotes');
    expect(email.text).toBe(
      [
        'Hi Camille,',
        '',
        'Olivia Bennett answered 2 quotes: 1 accepted for buyout, 1 declined. They answered on the Curated For page.',
        '',
        '- Chanel Classic Flap Bag',
        '  accepted the buyout offer of $1,800.00',
        '- Hermès Kelly 28',
        '  declined',
        '',
        'Review the answers: https://atelier.test/quotes/review/7?quotes=3,4',
        '',
      ].join('\n'),
    );
    expect(linksIn(email.html!)).toEqual(['https://atelier.test/quotes/review/7?quotes=3,4']);
    expect(email.html).toContain('Chanel Classic Flap Bag');
    expect(email.html).toContain('accepted the buyout offer of $1,800.00');
  });

  test('the summary counts each kind of answer, in plain words', () => {
    expect(
      clientAnswerSummary('Olivia Bennett', [
        { brand: 'A', name: 'a', response: 'consignment', amount: 10 },
      ]),
    ).toBe('Olivia Bennett answered 1 quote: 1 accepted for consignment.');
    expect(
      clientAnswerSummary('Olivia Bennett', [
        { brand: 'A', name: 'a', response: 'rejected', amount: null },
        { brand: 'B', name: 'b', response: 'rejected', amount: null },
        { brand: 'C', name: 'c', response: 'buyout', amount: 5 },
      ]),
    ).toBe('Olivia Bennett answered 3 quotes: 1 accepted for buyout, 2 declined.');
  });

  test('escapes every value it puts into the HTML', async () => {
    const email = await clientAnswerEmail({
      ...input,
      stylistFirstName: '<img src=x onerror=alert(1)>',
      clientFirstName: 'Zoë & "Co"',
      clientName: "O'Brien </p><script>",
      items: [{ brand: '<b>Dior</b>', name: 'Saddle & <i>', response: 'rejected', amount: null }],
      link: 'https://atelier.test/quotes/review/7?quotes=1"><script>',
    });
    const html = email.html!;
    expect(html).not.toMatch(/<(img|script|b>|i>)/);
    expect(html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('<title>Zoë &amp; &quot;Co&quot; answered your quotes</title>');
    expect(html).toContain('O&#x27;Brien &lt;/p&gt;&lt;script&gt;');
    expect(html).toContain('&lt;b&gt;Dior&lt;/b&gt; Saddle &amp; &lt;i&gt;');
    expect(html).toContain(
      'href="https://atelier.test/quotes/review/7?quotes=1&quot;&gt;&lt;script&gt;"',
    );
    expect(email.text).toContain('- <b>Dior</b> Saddle & <i>\n  declined');
  });
});
