import { afterEach, describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/session-store.ts';
import {
  loadAfterPaintScript,
  PRERENDERED_ATTRIBUTE,
  SPA_ATTRIBUTE,
  SUBMITTED_ATTRIBUTE,
  shellScript,
  FORGOT_ATTRIBUTE,
  FORGOT_PRESSED_ATTRIBUTE,
  signInHtml,
} from './prerendered-shell.ts';

const index = `<!doctype html>
<html lang="en">
  <head>
    <title>Atelier</title>
    <script>preload()</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const shell = {
  markup: '<form ><input autocomplete="username"></form>',
  title: 'Atelier | Home & more',
  css: ['assets/sign-in-page-1.css'],
  sessionKey: SESSION_STORAGE_KEY,
  base: '/',
  preloadScript: 'preload()',
  images: ['/art.svg'],
};

describe('sign-in.html', () => {
  test('is index.html with the page in #root, its stylesheet and its script', () => {
    const html = signInHtml(index, shell);
    expect(html).toContain(
      `<div id="root" ${PRERENDERED_ATTRIBUTE}><form ${PRERENDERED_ATTRIBUTE} ><input autocomplete="username"></form></div>`,
    );
    expect(html).toContain('<title>Atelier | Home &#38; more</title>');
    // The page's stylesheet after the entry's; the script before the entry's stylesheet.
    const at = (text: string) => html.indexOf(text);
    expect(at('/assets/sign-in-page-1.css')).toBeGreaterThan(at('/assets/index-1.css'));
    expect(at(`<script>${shellScript(SESSION_STORAGE_KEY)}</script>`)).toBeGreaterThan(0);
    expect(at(shellScript(SESSION_STORAGE_KEY))).toBeLessThan(at('/assets/index-1.css'));
    expect(() => signInHtml(index.replace('<div id="root"></div>', ''), shell)).toThrow();
    // The app loads after the first paint, from the end of the body; the art from the head.
    const head = html.slice(0, at('</head>'));
    expect(head).not.toContain('/assets/index-1.js');
    expect(head).not.toContain('preload()');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="preload" as="image" href="/art.svg" fetchpriority="high">');
    expect(html.slice(at('</head>'))).toContain(
      `<script>${loadAfterPaintScript('preload()', '/assets/index-1.js', ['/assets/react-1.js'])}</script>`,
    );
  });
});

describe("the shell's script", () => {
  const run = (): unknown => new Function(shellScript(SESSION_STORAGE_KEY))();

  afterEach(() => {
    document.documentElement.removeAttribute(SPA_ATTRIBUTE);
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  test('shows the card on an anonymous `/` only', () => {
    run();
    expect(document.documentElement.hasAttribute(SPA_ATTRIBUTE)).toBe(false);

    localStorage.setItem(SESSION_STORAGE_KEY, '{}');
    run();
    expect(document.documentElement.hasAttribute(SPA_ATTRIBUTE)).toBe(true);

    document.documentElement.removeAttribute(SPA_ATTRIBUTE);
    localStorage.clear();
    window.history.replaceState(null, '', '/?forgot');
    run();
    expect(document.documentElement.hasAttribute(SPA_ATTRIBUTE)).toBe(true);
  });

  test('keeps the prerendered form from submitting before the app has it', () => {
    run();
    const root = document.createElement('div');
    root.innerHTML = `<form ${PRERENDERED_ATTRIBUTE}></form><form></form>`;
    document.body.append(root);
    const submit = (form: Element | undefined) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const [prerendered, app] = root.querySelectorAll('form');
    expect(submit(prerendered)).toBe(true);
    // Marked, for the app to send once it has taken the form over.
    expect(prerendered?.hasAttribute(SUBMITTED_ATTRIBUTE)).toBe(true);
    expect(submit(app)).toBe(false);
    root.remove();
  });

  test('keeps a press of "Forgot password?" on the prerendered form for the app', () => {
    run();
    const root = document.createElement('div');
    const button = `<button type="button" ${FORGOT_ATTRIBUTE}><span>Forgot password?</span></button>`;
    root.innerHTML = `<form ${PRERENDERED_ATTRIBUTE}>${button}</form><form>${button}</form>`;
    document.body.append(root);
    const [prerendered, app] = root.querySelectorAll('form');
    prerendered?.querySelector('span')?.click();
    app?.querySelector('span')?.click();
    expect(prerendered?.hasAttribute(FORGOT_PRESSED_ATTRIBUTE)).toBe(true);
    expect(app?.hasAttribute(FORGOT_PRESSED_ATTRIBUTE)).toBe(false);
    root.remove();
  });

  test('loads the app after the first paint', async () => {
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLLinkElement)
            added.push(`${node.rel} ${node.getAttribute('href')}`);
          if (node instanceof HTMLScriptElement)
            added.push(`${node.type} ${node.getAttribute('src')}`);
        }
      }
    });
    observer.observe(document.head, { childList: true });
    const script = loadAfterPaintScript('window.preloaded = true;', '/assets/index-1.js', [
      '/assets/react-1.js',
    ]);
    new Function(script)();
    expect(added).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    expect(added).toEqual(['modulepreload /assets/react-1.js', 'module /assets/index-1.js']);
    expect((window as unknown as { preloaded?: boolean }).preloaded).toBe(true);
    document.head.querySelectorAll('script, link').forEach((node) => node.remove());
  });
});
