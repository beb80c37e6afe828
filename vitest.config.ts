import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Every project names the same worker count: Vitest groups projects by it.
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], maxWorkers: 2 } },
      // The web's pure state (reducers, no DOM): screens themselves are tested in a browser (e2e/).
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], maxWorkers: 2 } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers than that only adds contention.
          maxWorkers: 2,
        },
      },
    ],
  },
});
