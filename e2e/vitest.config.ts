import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/global-setup.ts';

// Browser tests: Chromium driven by playwright-core. Files run in E2E_WORKERS workers side by
// side, each worker with its own server on the embedded database (global-setup.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // CI's machine is slower than a laptop: the longest flows take half a minute there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_WORKERS,
  },
});
