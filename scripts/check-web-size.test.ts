import { expect, test } from 'vitest';
import { budgets, measurePages, report } from './check-web-size.mjs';

const signIn = 'src/features/auth/sign-in-page.tsx';
const clients = 'src/features/clients/clients-page.tsx';

/** An entry, two pages sharing a vendor chunk, and a chart the clients page imports on demand. */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [signIn, clients],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_mantine.js': { file: 'assets/mantine.js', css: ['assets/mantine.css'] },
  [signIn]: { file: 'assets/sign-in.js', isDynamicEntry: true, imports: ['_mantine.js'] },
  [clients]: {
    file: 'assets/clients.js',
    isDynamicEntry: true,
    imports: ['_mantine.js', '_react.js'],
    dynamicImports: ['src/chart.tsx'],
  },
  'src/chart.tsx': { file: 'assets/chart.js', isDynamicEntry: true },
};

/** Sizes chosen per test; each file counted once per page. */
function sizes(bytes: Record<string, number>) {
  return (file: string) => bytes[file] ?? 0;
}

test('a page counts the entry, its own chunk and their static imports once, not what it loads later', () => {
  const pages = measurePages(
    manifest,
    sizes({
      'assets/index.js': 10,
      'assets/react.js': 100,
      'assets/mantine.js': 1000,
      'assets/sign-in.js': 10_000,
      'assets/clients.js': 20_000,
      'assets/chart.js': 300_000,
      'assets/index.css': 1,
      'assets/mantine.css': 2,
    }),
  );
  expect(pages).toEqual([
    { page: signIn, js: 11_110, css: 3, onDemand: 0, budget: budgets[signIn] },
    { page: clients, js: 21_110, css: 3, onDemand: 300_000, budget: budgets.default },
  ]);
  expect(report(pages).over).toEqual([]);
});

test('a page over its budget is reported', () => {
  const pages = measurePages(
    manifest,
    sizes({ 'assets/react.js': 100_000, 'assets/clients.js': budgets.default }),
  );
  const { over, lines } = report(pages);
  expect(over.map((page) => page.page)).toEqual([clients]);
  expect(lines.find((line) => line.startsWith(clients))).toContain('OVER BUDGET');
  expect(lines.find((line) => line.startsWith(signIn))).not.toContain('OVER BUDGET');
});

test('sign-in has a tighter budget than the other pages', () => {
  expect(budgets[signIn]).toBeLessThan(budgets.default);
});
