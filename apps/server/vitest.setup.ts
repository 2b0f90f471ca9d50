import { afterEach, vi } from 'vitest';

process.env.TZ = 'UTC';

// A console.error during a server test is a failure nobody asserted on.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
