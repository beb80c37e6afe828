// `npm start`: builds the web app when its sources are newer than the last build, then starts
// the server (which migrates, creates the first admin and seeds demo data on first run).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..', 'packages', 'web');
const builtAt = existsSync(join(web, 'dist', 'index.html')) ? statSync(join(web, 'dist', 'index.html')).mtimeMs : 0;

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = [join(web, 'src'), join(web, '..', 'contracts', 'src')];
if (sources.some((dir) => newest(dir) > builtAt)) {
  console.log('Building the web app…');
  execSync('npm run build -w @almoner/web', { stdio: 'inherit' });
}
await import('../packages/server/src/main.ts');
