import { defineConfig } from 'vitest/config';
import { heavyFirst } from './scripts/test-order.ts';

/**
 * Server test files that must have a process of their own: throttle.test.ts replaces a module
 * with vi.mock, and seed.test.ts counts the job registry's entries, which other files add to.
 */
const needIsolation = ['packages/server/src/modules/auth/throttle.test.ts', 'packages/server/src/seed/seed.test.ts'];

const server = {
  globalSetup: ['packages/server/src/test/global-setup.ts'],
  // Closes each file's apps and databases after it (test-app.ts, test-db.ts).
  setupFiles: ['packages/server/src/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two cores: more workers than that only adds contention.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content): CI starts vitest eight times (this lane, reliability twice, the calendar
    // edges three times, PostgreSQL), and each worker of each run transformed the app's few hundred
    // modules afresh. One small file measured 12.6 s of transform and 21 s of import without it,
    // 1.1 s and 4.6 s with it (issue 29).
    experimental: { fsModuleCache: true },
    // Files whose one test runs for minutes start first (scripts/test-order.ts); by size they
    // came last and kept one worker busy alone at the end of the lane.
    sequence: {
      sequencer: heavyFirst([
        'server/src/seed/seed.test.ts',
        'server/src/http/bad-input.1.test.ts',
        'server/src/http/bad-input.2.test.ts',
        'server/src/modules/contributions/contributions.parallel.test.ts',
        'server/src/main.test.ts',
        'server/src/modules/jobs/jobs.kill.test.ts',
        'server/src/db/restart.test.ts',
      ]),
    },
    projects: [
      // Every project names the same worker count: Vitest groups projects by it.
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], maxWorkers: 2 } },
      // The web's pure state (reducers, no DOM): screens themselves are tested in a browser (e2e/).
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], maxWorkers: 2 } },
      // Server files share their worker's process and module graph (`isolate: false`): loading
      // the app's modules afresh for each of ~120 files was half the lane (19 -> 9 min measured).
      // Each file still gets its own database and app; what a module keeps between files is
      // either keyed by database or set by every app that starts.
      { test: { name: 'server', include: ['packages/server/src/**/*.test.ts'], exclude: needIsolation, isolate: false, ...server } },
      { test: { name: 'server-isolated', include: needIsolation, ...server } },
    ],
  },
});
