// Where a run's CPU goes, by kind of process: `tsx bench/cpu-by-process.ts -- <command…>` runs the
// command and samples /proc every half second, keeping the last seen user+system time of each
// process descended from it (other work on the machine is left out), then prints the CPU seconds per kind (Chromium's renderers, its GPU and browser
// processes, the app's servers, vitest's workers, PGlite-heavy test workers, the rest) and their
// share. Used for issue 29 (the suite's time): a figure to act on, not a guess. Linux only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux
const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (!command.length) {
  console.error('usage: tsx bench/cpu-by-process.ts -- <command> [args…]');
  process.exit(2);
}

type Seen = { kind: string; seconds: number };
const seen = new Map<number, Seen>();

function kindOf(args: string): string {
  if (args.includes('chromium')) {
    if (args.includes('--type=renderer')) return 'chromium renderer';
    if (args.includes('--type=gpu-process')) return 'chromium gpu';
    if (args.includes('--type=')) return 'chromium other';
    return 'chromium browser';
  }
  if (args.includes('server-entry')) return 'app server (browser suite)';
  if (args.includes('vitest') || args.includes('tinypool') || args.includes('worker')) return 'vitest';
  if (args.includes('tsc')) return 'typecheck';
  if (args.includes('eslint')) return 'lint';
  if (args.includes('vite') || args.includes('esbuild')) return 'build';
  return 'other';
}

const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
const root = child.pid!;

function sample(): void {
  const stats = new Map<number, { ppid: number; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: ppid is 4th, utime 14th, stime 15th.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(pid, { ppid: Number(rest[1]), seconds: (Number(rest[11]) + Number(rest[12])) / TICK });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = stats.get(p)?.ppid ?? 0, hops++) if (p === root || seen.has(p)) return true;
    return false;
  };
  for (const [pid, { seconds }] of stats) {
    const known = seen.get(pid);
    if (known) known.seconds = Math.max(known.seconds, seconds);
    else if (descends(pid)) {
      try {
        seen.set(pid, { kind: kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')), seconds });
      } catch {
        // Gone already.
      }
    }
  }
}

const started = Date.now();
const timer = setInterval(sample, 500);
const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
clearInterval(timer);
sample();

const totals = new Map<string, number>();
for (const s of seen.values()) totals.set(s.kind, (totals.get(s.kind) ?? 0) + s.seconds);
const all = [...totals.values()].reduce((a, b) => a + b, 0);
const wall = (Date.now() - started) / 1000;
console.log(`\nCPU by kind of process over ${wall.toFixed(0)} s of wall clock (${all.toFixed(0)} CPU-s, ${(all / wall).toFixed(2)} cores busy on average):`);
for (const [kind, seconds] of [...totals].sort((a, b) => b[1] - a[1])) {
  if (seconds < 0.5) continue;
  console.log(`  ${kind.padEnd(28)} ${seconds.toFixed(1).padStart(8)} s  ${((seconds / all) * 100).toFixed(1).padStart(5)} %`);
}
process.exit(code);
