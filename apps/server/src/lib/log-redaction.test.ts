import { describe, expect, test } from 'vitest';
import { redactLinkTokens } from './log-redaction.ts';

const token = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';

describe('link tokens in logged URLs', () => {
  test.each([
    [`/api/client/curated/${token}`, '/api/client/curated/[token]'],
    [`/api/client/quote-offer/${token}?x=1`, '/api/client/quote-offer/[token]?x=1'],
    ['/api/client/quotes/not-even-a-token', '/api/client/quotes/[token]'],
    [
      `/api/client/white-glove-quotes?shipment-id=${token}`,
      '/api/client/white-glove-quotes?shipment-id=[token]',
    ],
    [`/api/x?a=1&shipment-id=${token}&b=2`, '/api/x?a=1&shipment-id=[token]&b=2'],
    [
      `/api/stylist/u-1/client-login?ticket=${token}&target=quotes`,
      '/api/stylist/u-1/client-login?ticket=[token]&target=quotes',
    ],
    [`/api/client/hub/${token}/quotes/12`, '/api/client/hub/[token]/quotes/12'],
    [`/curated/${token}`, '/curated/[token]'],
    [`/hub/${token}`, '/hub/[token]'],
    [`/quotes/${token}/print`, '/quotes/[token]/print'],
    [
      `/api/stylist/notifications/stream?access_token=${token}`,
      '/api/stylist/notifications/stream?access_token=[token]',
    ],
    ['/api/x?a=1&access_token=eyJ.payload.sig&b=2', '/api/x?a=1&access_token=[token]&b=2'],
    [
      `/files/labels/a.pdf?expires=1795623300&signature=${token}`,
      '/files/labels/a.pdf?expires=1795623300&signature=[token]',
    ],
    [`/reset-password?token=${token}`, '/reset-password?token=[token]'],
    [`/x?a=1&Token=${token}#frag`, '/x?a=1&Token=[token]#frag'],
    [`/callback?code=${token}&state=s`, '/callback?code=[token]&state=s'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactLinkTokens(url)).toBe(logged);
    expect(redactLinkTokens(url)).not.toContain(token);
  });

  test('leaves URLs without tokens alone', () => {
    for (const url of [
      '/api/stylist/clients/12/quotes',
      '/quotes/pickup/3',
      '/api/client/white-glove-quotes',
    ]) {
      expect(redactLinkTokens(url)).toBe(url);
    }
  });
});
