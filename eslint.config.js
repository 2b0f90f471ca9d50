import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Feature borders (docs/decisions/0032): a file in `features/a/` imports another feature only
 * through its public entry, `index.ts` (and on the server its `*.service.ts`); tests and test data
 * may also use another feature's test data and testing helpers.
 */
const featureEntries = { web: ['index.ts'], server: ['index.ts', '*.service.ts'] };
const testHelpers = ['*-test-data.{ts,tsx}', 'testing.ts', '*-testing.ts', '*-fake.ts'];
const testFiles = testHelpers.concat('*.test.{ts,tsx}', '*-test-kit.tsx');

// One zone per feature: nothing under features/ but its own folder and the other features' entries.
function featureBorders(app, { forTests }) {
  const features = path.join(import.meta.dirname, 'apps', app, 'src', 'features');
  const entries = featureEntries[app].concat(forTests ? testHelpers : []);
  const zones = fs
    .readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: path.join(features, name),
      from: path.join(features, '**'),
      except: [
        path.join(features, name, '**'),
        ...entries.map((entry) => path.join(features, '*', entry)),
      ],
      message: `Import another feature through its public entry (${featureEntries[app].join(' or ')}), or move what both need to lib/ (docs/decisions/0032).`,
    }));
  return {
    files: [`apps/${app}/src/features/**/${forTests ? `{${testFiles.join(',')}}` : '*.{ts,tsx}'}`],
    ...(forTests
      ? {}
      : { ignores: testFiles.map((file) => `apps/${app}/src/features/**/${file}`) }),
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@atelier/contract',
              importNames: ['formatDate'],
              message:
                "Dates show in the viewer's time zone: import formatDate from lib/format.ts.",
            },
          ],
        },
      ],
    },
  },
  ...['web', 'server'].flatMap((app) => [
    featureBorders(app, { forTests: false }),
    featureBorders(app, { forTests: true }),
  ]),
  {
    // One place per API call (docs/decisions/0033): a path is written once, in its endpoint in
    // packages/contract; the server registers it with route(), the web calls it with api().
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: [
      ...testFiles.map((file) => `apps/*/src/**/${file}`),
      'apps/*/src/test/**',
      'apps/*/src/**/vitest.*',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map(
          (selector) => ({
            selector,
            message:
              'An API path belongs to its endpoint in packages/contract: call it with api() (web) or register it with route() (server).',
          }),
        ),
      ],
    },
  },
  {
    // Tests and generators index arrays they just built; the assertion states what they know.
    files: [
      '**/*.test.{ts,tsx}',
      'bench/**',
      'e2e/**',
      'apps/server/src/db/seed/**',
      'apps/server/src/test/**',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: [
      'apps/server/src/cli/**',
      'apps/server/src/server.ts',
      'bench/**',
      'e2e/**',
      '.ci/**',
      'scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
