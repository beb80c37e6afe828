// `npm test`: every check and test of the repository, in three phases, with the static checks
// in a lane of their own beside all three.
//
// 0. From the start, in the background at the lowest priority: typecheck, then lint. Neither is
//    needed by a test, both are pure CPU with no clock to keep, and each of the phases below
//    leaves part of the two cores idle while it waits on a page, a server or a database (the
//    whole browser suite kept 1.32 of 2 cores busy, 2026-12-07). Run in phase 1 as before, the checks
//    took 6 CPU-minutes the unit tests then waited for; given only what the tests leave idle,
//    they cost the tests almost nothing (`LOWEST` below says how).
// 1. The unit and API tests (vitest, two workers) beside the web app's build.
// 2. Once those passed: the browser suite against that build (built once).
// 3. Once that passed, side by side: the year suite (e2e/year/) on PGlite and the calendar-edge
//    run (`npm run test:dates`); and when a PostgreSQL server is there (ALMONER_E2E_DB=postgres,
//    as CI sets it) the year on PostgreSQL and the API tests again on PostgreSQL
//    (`npm run test:pg`) as well.
// The run ends when all of them have; a failed check fails it as a failed test does.
//
// Why the year apart: it lives twelve months on a server of its own, on both databases (issue
// 39), and holds a worker for many minutes. Beside the browser suite (tried on 2026-12-07) its two
// runs, each selling every payment type every month, took CPU the other files' waits on the wall
// clock could not spare on a slow hour: four of them failed. Alone, a year keeps under one core
// busy (0.93 on PGlite, 2026-12-07: it mostly waits on the page and the schedule), so it shares
// the last phase with suites that leave the machine part idle too: the calendar edges start
// vitest three times, and the PostgreSQL run left a fifth of it idle (issue 29). CI ran those two
// after its reliability stage until 2026-12-07; every `npm test` runs them now.
//
// Each lane's output is printed in one piece when it ends (lines of two lanes interleaved are
// unreadable); the browser suite prints as it goes. The run ends with one line per stage: its
// result, its tests as vitest counted them, and its time. Any failure exits non-zero.
import { spawn } from 'node:child_process';

/** `background`: at the lowest priority, in a session of its own (see `LOWEST` below). */
type Stage = { name: string; command: string; background?: boolean };
type Result = { name: string; ok: boolean; seconds: number; tests: string };

const stamp = () => new Date().toISOString().slice(11, 19);
const minutes = (seconds: number) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

/** Vitest's own count, from its summary line (`Tests  12 passed (12)`); summed over several runs. */
function testCount(output: string): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').match(/^\s*Tests\s+.+$/gm) ?? [];
  return lines.map((l) => l.trim().replace(/^Tests\s+/, '')).join(' + ') || '-';
}

/**
 * How a background stage runs: `nice 19`, in a session of its own whose autogroup is niced too.
 * Linux shares the CPU between autogroups (one per session) before it looks at nice values inside
 * one, and Playwright starts each Chromium in a session of its own: a busy loop niced in this
 * session still took 33 % of a core from the browsers, 5 % once its own session's autogroup was
 * niced as well (2026-12-07). Where autogroups are off, or the file cannot be written, nice alone.
 * The shell writes /proc/self/autogroup itself (echo is a builtin), then becomes the command.
 */
const LOWEST = 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19';

/** Background stages' sessions, stopped with this script (Ctrl-C reaches only its own session). */
const sessions = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const pid of sessions) process.kill(-pid, 'SIGTERM');
    process.exit(130);
  });
}

/** Runs one command, printing its output live or keeping it for the end; answers how it went. */
function run(stage: Stage, live: boolean): Promise<Result> {
  const started = Date.now();
  console.log(`== ${stamp()} ${stage.name}: ${stage.command}${stage.background ? ' (in the background, at the lowest priority)' : ''}`);
  return new Promise((resolve) => {
    const command = stage.background ? `${LOWEST} ${stage.command}` : stage.command;
    // detached: a session (and process group) of its own, led by the shell.
    const child = spawn(command, { shell: true, detached: stage.background === true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    if (stage.background && child.pid) sessions.add(child.pid);
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      if (child.pid) sessions.delete(child.pid);
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      if (!live) process.stdout.write(`\n== ${stamp()} ${stage.name} output:\n${output}`);
      console.log(`== ${stamp()} ${stage.name} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${minutes(seconds)}`);
      resolve({ name: stage.name, ok, seconds, tests: testCount(output) });
    });
  });
}

/** Runs the stages one after the other, stopping at the first failure. */
async function inTurn(stages: Stage[], live: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const stage of stages) {
    const result = await run(stage, live);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/**
 * The last phase's runs (see the top of this file): the year on each database it must pass on,
 * the calendar edges, and the API tests again on PostgreSQL when there is one. The longest first.
 */
function lastRuns(): Stage[] {
  const year = 'npm run --silent test:e2e:run -- e2e/year/';
  const onPostgres = process.env.ALMONER_E2E_DB === 'postgres';
  return [
    ...(onPostgres ? [{ name: 'API tests on PostgreSQL', command: 'npm run --silent test:pg' }] : []),
    { name: 'the year (PGlite)', command: `ALMONER_E2E_SHARED_SERVERS=0 ALMONER_E2E_DB= ${year}` },
    ...(onPostgres ? [{ name: 'the year (PostgreSQL)', command: `ALMONER_E2E_SHARED_SERVERS=0 ${year}` }] : []),
    { name: 'calendar edges', command: 'npm run --silent test:dates' },
  ];
}

const started = Date.now();
const results: Result[] = [];
const chromium = await run({ name: 'chromium', command: 'bash scripts/ensure-chromium.sh' }, true);
results.push(chromium);
if (chromium.ok) {
  const checks = inTurn(
    [
      { name: 'typecheck', command: 'npm run --silent typecheck', background: true },
      { name: 'lint', command: 'npm run --silent lint', background: true },
    ],
    false,
  );
  const lanes = await Promise.all([
    inTurn([{ name: 'unit and API tests', command: 'npm run --silent test:unit' }], false),
    inTurn([{ name: 'web build', command: 'npm run --silent build' }], false),
  ]);
  const tests: Result[] = lanes.flat();
  if (tests.every((r) => r.ok)) tests.push(await run({ name: 'browser tests', command: "npm run --silent test:e2e:run -- --exclude 'e2e/year/**'" }, true));
  if (tests.every((r) => r.ok)) tests.push(...(await Promise.all(lastRuns().map((stage) => run(stage, false)))));
  results.push(...(await checks), ...tests);
}

const wall = (Date.now() - started) / 1000;
console.log(`\n== npm test: ${minutes(wall)} in all`);
for (const r of results) console.log(`   ${r.name.padEnd(24)} ${(r.ok ? 'passed' : 'FAILED').padEnd(7)} ${minutes(r.seconds).padStart(7)}  tests: ${r.tests}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
