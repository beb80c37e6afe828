import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, unknown>;

type LockEntry = { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] };

/** npm skips optional packages built for another platform, and checks no engine for them. */
const installsHere = (entry: LockEntry) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

it('installs only packages that run on the oldest Node the README promises (no EBADENGINE on npm ci)', () => {
  const promised = (read('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(promised)?.version;
  expect(oldest).toBe('20.19.0');
  const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
  const refusing = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && installsHere(entry))
    .filter(([, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range !== undefined && !semver.satisfies(oldest as string, range);
    })
    .map(([path, entry]) => `${path}@${entry.version} wants Node ${(entry.engines as { node: string }).node}`);
  expect(refusing).toEqual([]);
});
