// First-screen JavaScript (issue 6 item 24): builds the web app and prints the gzip size of the
// JavaScript a browser loads before the first screen can show: the entry script with its static
// imports (what index.html loads and modulepreloads), plus the lazily loaded route chunks that
// screen needs at once (the sign-in page for a signed-out visitor; the shell and the home page
// for a signed-in one), each with its own static imports. Anything reached only through a later
// import() (other pages, modals, toasts) is not counted.
// Usage: npm run bench:bundle   (sizes as Vite reports them: zlib's default level, 1 kB = 1000 B)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 200;
const web = join(import.meta.dirname, '..', 'packages', 'web');

/** What a screen loads besides the entry: the route modules its first render needs. */
const SCREENS: Record<string, string[]> = {
  'sign-in (/jpanel/login)': ['src/features/auth/login-page.tsx'],
  'home, signed in (/jpanel/)': ['src/app/app-layout.tsx', 'src/app/home-page.tsx'],
};

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, Chunk>;

/** The chunk files a manifest entry loads: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

function main() {
  const out = mkdtempSync(join(tmpdir(), 'almoner-bundle-'));
  try {
    // A build of its own, with a manifest, so the dist/ that the server serves is left alone.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--manifest', '--outDir', out, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
    const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const size = new Map<string, { raw: number; gzip: number }>();
    const measure = (file: string) => {
      if (!size.has(file)) {
        const code = readFileSync(join(out, file));
        size.set(file, { raw: code.length, gzip: gzipSync(code).length });
      }
      return size.get(file) as { raw: number; gzip: number };
    };
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
    const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const entry = staticClosure(manifest, entryKeys);

    console.log('\nFirst screen JavaScript, gzip:');
    console.log('  entry (index.html script + static imports/modulepreloads):');
    for (const file of [...entry].sort((a, b) => measure(b).gzip - measure(a).gzip)) {
      console.log(`    ${kb(measure(file).gzip)}  ${file}`);
    }
    const entryTotal = [...entry].reduce((sum, file) => sum + measure(file).gzip, 0);
    console.log(`    ${kb(entryTotal)}  entry total`);

    let worst = entryTotal;
    for (const [screen, modules] of Object.entries(SCREENS)) {
      const extra = [...staticClosure(manifest, modules)].filter((file) => !entry.has(file));
      const extraTotal = extra.reduce((sum, file) => sum + measure(file).gzip, 0);
      const total = entryTotal + extraTotal;
      worst = Math.max(worst, total);
      console.log(`  ${screen}: entry + ${kb(extraTotal).trim()} in ${extra.length} route chunks = ${kb(total).trim()} gzip`);
    }
    const verdict = worst / 1000 <= TARGET_KB ? 'within' : 'OVER';
    console.log(`First screen: ${kb(worst).trim()} gzip at most (${verdict} the ${TARGET_KB} kB target)`);
    if (verdict === 'OVER') process.exitCode = 1;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

main();
