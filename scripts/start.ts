// `npm start`: builds the web app when its sources are newer than the last build, then starts
// the server (which migrates, creates the first admin and seeds demo data on first run).
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
await import('../packages/server/src/main.ts');
