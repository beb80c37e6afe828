// The web app's build, made afresh when its sources are newer than the last one: what
// `npm start` checks before it starts the server (scripts/start.ts), and what a test that starts
// several such processes at once calls first, so they do not all build at the same time.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..', 'packages', 'web');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function ensureWebBuild(): void {
  const builtAt = existsSync(join(web, 'dist', 'index.html')) ? statSync(join(web, 'dist', 'index.html')).mtimeMs : 0;
  const sources = [join(web, 'src'), join(web, '..', 'contracts', 'src')];
  if (sources.some((dir) => newest(dir) > builtAt)) {
    console.log('Building the web app…');
    execSync('npm run build -w @almoner/web', { stdio: 'inherit' });
  }
}
