import { defineConfig } from 'vitest/config';
import { heavyFirst } from '../scripts/test-order.ts';
import { E2E_WORKERS } from './support/global-setup.ts';

// Browser tests: Chromium driven by playwright-core. Files run in E2E_WORKERS workers side by
// side, each worker with its own server on the embedded database (global-setup.ts).
export default defineConfig({
  test: {
    // Transformed modules kept on disk between runs (vitest.config.ts says why).
    experimental: { fsModuleCache: true },
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // CI's machine is slower than a laptop: the longest flows take half a minute there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_WORKERS,
    // A worker's files share its process, its loaded modules and its Chromium (support/browser.ts):
    // a fresh process, playwright-core and a browser launch per file was CPU the two cores ran
    // short of (issue 29). Each test still has its own browser context; module state in a test
    // file is its own (vitest loads each test file afresh), only support/ modules are shared.
    isolate: false,
    // The axe visits are listed in support/a11y-screens.ts, so their files are small and by size
    // came last, each minutes of one worker while the other had finished (scripts/test-order.ts).
    // The year suite (e2e/year/) lives twelve months on a server of its own: 3–6 minutes of one
    // worker, so it starts first and the other files fill in beside it.
    sequence: { sequencer: heavyFirst(['e2e/year/year.e2e.ts', 'e2e/a11y.e2e.ts', 'e2e/a11y-2.e2e.ts', 'e2e/a11y-3.e2e.ts', 'e2e/a11y-4.e2e.ts']) },
    // expect.poll waits for what the screen will show (a list refetched after a filter, a toast).
    // Its default of 1 s is less than a refetch takes on a busy 2-core machine running two
    // workers: the contributions picker test saw its 50 rows still unfiltered after 1 s. A real
    // fault still fails, only later (Playwright's own web-first assertions wait 5 s).
    expect: { poll: { timeout: 15_000 } },
    // On CI's busy 2-core machine a browser test now and then loses a race with its own load (a
    // debounced query answered early, a toast over a button) and one such failure used to sink a
    // whole run. CI tries a failed test once more, as Playwright's own CI preset does (it tries
    // twice); a real fault fails both tries. The retried tests are listed in the run's log.
    retry: process.env.CI ? 1 : 0,
  },
});
