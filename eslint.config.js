import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
