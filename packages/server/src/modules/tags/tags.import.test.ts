import { tagMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, type TestApp, createTestApp, signedIn } from '../../test/test-app.ts';
import { runImportJob } from '../imports/imports.test-helpers.ts';

/** The supporter import's `tags` column (issue 36 item 7). */
let t: TestApp;
let agent: Agent;
let userId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent, user: { id: userId } } = await signedIn(t));
}, 120_000);

async function importRows(rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const workbookId = `wb_tags_${++seq}`;
  const submitted = await agent.post('/flatfile/imports/supporters', { external_reference: workbookId, rows, ...extra });
  expect(submitted.statusCode, submitted.body).toBe(201);
  expect((await agent.post('/flatfile/webhook/supporters', { workbookId })).statusCode).toBe(200);
  const id = submitted.json().id as number;
  await runImportJob(t.database, id);
  return (await agent.get(`/flatfile/imports/${id}`)).json() as { counts: Record<string, number> };
}

const tagsOf = async (email: string) =>
  (await queryRows(t.database.db, sql`select coalesce(array_agg(g.name order by g.name), '{}') as names from supporters s
    join supporter_tags st on st.supporter_id = s.id join tags g on g.id = st.tag_id where s.email = ${email}`))[0]?.names;

describe('tags in the supporter import', () => {
  it('adds the named tags, matching existing ones whatever their case and creating the rest, in the history', async () => {
    expect((await agent.post('/jpanel/tags', { name: 'Volunteer', colour: 'green' })).statusCode).toBe(201);
    const created = await importRows([{ first_name: 'Ivy', last_name: 'Import', email: 'ivy.import@example.org', tags: 'volunteer; Gala 2026, gala 2026' }]);
    expect(created.counts).toMatchObject({ created: 1, rejected: 0 });
    expect(await tagsOf('ivy.import@example.org')).toEqual(['Gala 2026', 'Volunteer']);
    const updated = await importRows([{ email: 'ivy.import@example.org', tags: 'Board' }], { mode: 'update' });
    expect(updated.counts).toMatchObject({ updated: 1 });
    // Added, never removed.
    expect(await tagsOf('ivy.import@example.org')).toEqual(['Board', 'Gala 2026', 'Volunteer']);
    const [s] = await queryRows(t.database.db, sql`select id from supporters where email = 'ivy.import@example.org'`);
    const trail = await queryRows(t.database.db, sql`select actor_user_id, changes -> 'tags' as tags from audit_log
      where table_name = 'supporters' and record_id = ${String(s?.id)} and changes ? 'tags' order by id`);
    expect(trail.map((r) => r.tags)).toEqual([[[], ['Gala 2026', 'Volunteer']], [['Gala 2026', 'Volunteer'], ['Board', 'Gala 2026', 'Volunteer']]]);
    expect(trail.every((r) => r.actor_user_id === userId)).toBe(true);
  });

  it('rejects a row whose tag name is too long, creating nothing', async () => {
    const long = 'x'.repeat(46);
    const job = await importRows([{ first_name: 'Lon', last_name: 'Gname', email: 'lon.gname@example.org', tags: long }]);
    expect(job.counts).toMatchObject({ created: 0, rejected: 1 });
    const [row] = await queryRows(t.database.db, sql`select errors from import_rows where raw ->> 'email' = 'lon.gname@example.org'`);
    expect(row?.errors).toEqual({ tags: [tagMessages.nameTooLong(long)] });
    expect(await queryRows(t.database.db, sql`select 1 from tags where name = ${long}`)).toEqual([]);
  });
});
