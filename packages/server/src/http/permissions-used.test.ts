import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allPermissionIds } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyTables } from '../modules/audit/audit.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 38 item 7: no dead permission. The user form offers every permission in
 * packages/contracts; each must stand for something a route checks, or an administrator grants a
 * right that does nothing. A permission counts as checked when a route names it in its access
 * rule (`config.permission`), when a handler checks it by name (`assertPermission(user, 'x.y')`,
 * `hasPermission(user, 'x.y')`), or when it guards a record kind's history (historyTables).
 * And the other way: every permission a route names is one the user form can grant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const src = join(import.meta.dirname, '..');

/** Production source files of the server (tests and the demo generator left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'seed' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test') ? [path] : [];
  });
}

/** Permission ids named in a handler's own check, read from the source. */
function checkedInHandlers(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:assertPermission|assertAnyPermission|hasPermission)\([^)]*?'([a-z_]+\.[a-z_]+)'/g)) found.add(match[1]!);
  }
  return found;
}

/**
 * Permissions the user form offers whose action is not built yet, each named with its issue.
 * The test fails when one of them gains a route (take it off this list) and when any other
 * permission loses its last one.
 */
const NOT_YET_BUILT: Record<string, string> = {};

describe('every permission has its action', () => {
  it('each permission the user form offers is checked by a route, a handler or a history', () => {
    const byRoutes = t.app.routeList.flatMap((r) => (r.permission === null ? [] : [r.permission].flat()));
    const checked = new Set([...byRoutes, ...checkedInHandlers(), ...Object.values(historyTables)]);
    const dead = allPermissionIds.filter((id) => !checked.has(id));
    expect(dead.sort()).toEqual(Object.keys(NOT_YET_BUILT).sort());
  });

  it('each permission a route names is one the user form can grant', () => {
    const offered = new Set<string>(allPermissionIds);
    const unknown = t.app.routeList.flatMap((r) => (r.permission === null ? [] : [r.permission].flat().filter((p) => !offered.has(p)).map((p) => `${r.method} ${r.url}: ${p}`)));
    expect(unknown).toEqual([]);
  });
});
