// `npm run test:dates`: the date-sensitive tests again, with the clock at the edges of the
// calendar (issue 29). A test that computes "this month" or "a year from today" from one clock
// and the app from another, or that assumes every month has a 31st, passes on most days and
// fails on a few: the platform-fees test broke on the 1st of a month.
//
// The clock is set for the whole process tree (vitest, its workers, the embedded database in
// them) by libfaketime from Debian's `faketime` package, so the app, its database and the test
// read the same moved clock; nothing in the app knows. Each instant starts the clock there and
// lets it run, so timers and timeouts behave as always. Monotonic clocks are left alone.
//
// The files are those whose subject is a date: periods, schedules, receipts' tax years, the
// dashboard's months, expiry years. A new file of that kind belongs in `files` below.
//
// The browser suite is not run this way: Chromium under libfaketime did not come up (every
// test timed out, tried 2026-12-05), so its date-dependent tests take their dates from the app.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** UTC instants (the demo's and the tests' organisations keep time in UTC). */
const instants = [
  { name: 'the last day of a 30-day month, late in the evening', at: '2027-04-30 23:30:00' },
  { name: 'the first day of a month, just after midnight, after a 28-day February', at: '2027-03-01 00:05:00' },
  { name: '29 February of a leap year', at: '2028-02-29 12:00:00' },
];

const files = [
  'packages/contracts/src/dashboard.test.ts',
  'packages/contracts/src/imports.test.ts',
  'packages/contracts/src/payment-gateway.test.ts',
  'packages/server/src/modules/dashboard/dashboard.test.ts',
  'packages/server/src/modules/dashboard/dashboard.headline.test.ts',
  'packages/server/src/modules/reports/reports.other.test.ts',
  'packages/server/src/modules/receipts/receipts.test.ts',
  'packages/server/src/modules/recurring/recurring.schedule.test.ts',
  'packages/server/src/modules/recurring/recurring.billing.test.ts',
  'packages/server/src/modules/recurring/recurring.attention.test.ts',
  'packages/server/src/modules/recurring/recurring.receipts.test.ts',
  'packages/server/src/modules/pos/pos.totals.test.ts',
  'packages/server/src/modules/payment-groups/payment-groups.test.ts',
  'packages/server/src/modules/lists/lists.test.ts',
  'packages/server/src/modules/sponsorships/sponsees.segments.test.ts',
  'packages/server/src/integrations/payments/sandbox/sandbox-gateway.test.ts',
];

const library = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((p) => existsSync(p));
if (!library) {
  console.error('libfaketime is missing: run `bash scripts/ensure-faketime.sh` (Debian package faketime).');
  process.exit(1);
}

let failed = 0;
for (const instant of instants) {
  console.log(`\n== clock at ${instant.at} UTC: ${instant.name}`);
  const env = { ...process.env, TZ: 'UTC', LD_PRELOAD: library, FAKETIME: `@${instant.at}`, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_DONT_RESET: '1' };
  // A run on the real clock would pass and prove nothing: first check that Node sees the instant.
  const seen = spawnSync(process.execPath, ['-e', 'process.stdout.write(new Date().toISOString())'], { env, encoding: 'utf8' }).stdout;
  if (!seen.startsWith(instant.at.slice(0, 10))) {
    console.error(`== the clock was not moved: Node saw ${seen || 'nothing'} instead of ${instant.at}`);
    process.exit(1);
  }
  const run = spawnSync('npx', ['vitest', 'run', ...files], { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`== FAILED with the clock at ${instant.at} UTC`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
