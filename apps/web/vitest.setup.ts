import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Mantine reads media queries and observes element sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// The carousel (embla) watches which slides are in view; jsdom has no IntersectionObserver.
class IntersectionObserverStub implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
window.IntersectionObserver = IntersectionObserverStub;

// findBy… waits up to this long: a busy CI machine can take over the default 1 s to render a
// whole page. It is a ceiling, never a delay.
configure({ asyncUtilTimeout: 5000 });

// jsdom reports "Not implemented" through console.error for these, which would fail every test.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  // A console.error during a test is a bug (a React warning, an unhandled failure): fail the test.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  const errors = consoleErrors;
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

// The schemas the app loads with its first API call (kept out of the entry: lib/api-client.ts,
// features/auth/auth-schemas.ts), loaded once here: a test on fake timers cannot wait for a
// module import, which real time alone completes.
await import('./src/lib/error-body-schema.ts');
await import('./src/features/auth/auth-schemas.ts');
