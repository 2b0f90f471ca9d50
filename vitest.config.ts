import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm run test:unit` runs contract + web, `npm run test:server` the API
// suite, `npm run test:scripts` the start and build scripts.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        // Spawns `npm start`'s script on the real tree: it may build the web app (up to a minute).
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
