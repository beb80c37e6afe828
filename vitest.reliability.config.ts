import { defineConfig } from 'vitest/config';
import { heavyFirst } from './scripts/test-order.ts';

/**
 * The reliability suites (issue 17): `npm run test:reliability`. RELIABILITY_SHORT=1 runs the
 * bounded form CI uses (fewer requests per route); each suite prints its figures. The script runs
 * the load suite on its own after the others: its latency bounds are for this 2-core machine
 * with nothing else on it, and beside the fault and crash suites it measured their work instead.
 */
export default defineConfig({
  test: {
    // Transformed modules kept on disk between runs (vitest.config.ts says why).
    experimental: { fsModuleCache: true },
    name: 'reliability',
    include: ['reliability/**/*.test.ts'],
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    setupFiles: ['packages/server/src/test/setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    // Two cores: more workers than that only adds contention.
    maxWorkers: 2,
    // Files share their worker's loaded modules, as the server's unit files do (vitest.config.ts):
    // loading the app afresh for each file was 42 s of the short form's imports (93 s -> 78 s
    // measured). Each file still starts its own apps and servers; none replaces a module.
    isolate: false,
    // The scale-out suite (five processes, and two minutes of the clock to watch) is the longest
    // file: started first, the others fill the second worker beside it (scripts/test-order.ts).
    sequence: { sequencer: heavyFirst(['reliability/scale-out.test.ts']) },
  },
});
