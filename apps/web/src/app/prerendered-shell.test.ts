import { afterEach, describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY } from '../features/auth/session-store.ts';
import {
  PRERENDERED_ATTRIBUTE,
  SPA_ATTRIBUTE,
  SUBMITTED_ATTRIBUTE,
  shellScript,
  signInHtml,
} from './prerendered-shell.ts';

const index = `<!doctype html>
<html lang="en">
  <head>
    <title>Atelier</title>
    <script>preload()</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
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
});
