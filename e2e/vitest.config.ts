import { defineConfig } from 'vitest/config';

// Browser tests: one server on the embedded database for the run, Chromium driven by
// playwright-core. Files run one at a time: two cores cannot host several browsers well.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // CI's machine is slower than a laptop: the longest flows take half a minute there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
