import { type ConsentAnswer, importMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type TestApp, createTestApp, signedIn } from '../../test/test-app.ts';
import { runImportJob } from './imports.test-helpers.ts';

/** Issue 36: a supporter import that sets the e-mail preference leaves it in the consent history. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedIn>>['agent'];
let userId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent, user: { id: userId } } = await signedIn(t));
}, 120_000);

async function importRowsOf(rows: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<number> {
  const workbookId = `wb_consent_${Date.now()}_${++seq}`;
  const submitted = await agent.post('/flatfile/imports/supporters', { external_reference: workbookId, rows, ...extra });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = (submitted.json() as { id: number }).id;
  expect((await agent.post('/flatfile/webhook/supporters', { workbookId })).statusCode).toBe(200);
  await runImportJob(t.database, id);
  return id;
}
const idOf = async (email: string) => Number((await queryRows(t.database.db, sql`select id from supporters where email = ${email}`))[0]!.id);
const consentOf = async (id: number) => (await agent.get(`/jpanel/supporters/${id}/consent.json`)).json() as ConsentAnswer;

describe('supporter import: consent history', () => {
  it('records an opt-in it creates and an opt-out it updates, source "import", the row named; the same value again records nothing', async () => {
    const email = `consent${Date.now()}@example.org`;
    const first = await importRowsOf([{ first_name: 'Cora', last_name: 'Consent', email, email_opt_in: 'yes' }]);
    const id = await idOf(email);
    let answer = await consentOf(id);
    expect(answer.consent.email).toBe(true);
    expect(answer.data.map((c) => [c.topic, c.previous, c.granted, c.source, c.note, c.recorded_by?.id])).toEqual([['email', false, true, 'import', importMessages.consentNote(first, 1), userId]]);

    await importRowsOf([{ email, email_opt_in: 'yes', bill_city: 'Bath' }], { mode: 'update' });
    expect((await consentOf(id)).data).toHaveLength(1);

    const third = await importRowsOf([{ email, email_opt_in: 'no' }], { mode: 'update' });
    answer = await consentOf(id);
    expect(answer.consent.email).toBe(false);
    expect(answer.data[0]).toMatchObject({ topic: 'email', previous: true, granted: false, source: 'import', note: importMessages.consentNote(third, 1) });

    // Undoing that import puts the opt-in back, and the history says so too.
    expect((await agent.post(`/flatfile/imports/${third}/undo`)).statusCode).toBe(200);
    answer = await consentOf(id);
    expect(answer.consent.email).toBe(true);
    expect(answer.data[0]).toMatchObject({ topic: 'email', previous: false, granted: true, source: 'import', note: importMessages.consentUndoneNote(third, 1), recorded_by: { id: userId } });
  });

  it('records nothing for a new supporter left opted out, or a row without the column', async () => {
    const stamp = Date.now();
    await importRowsOf([{ first_name: 'Nora', email: `nora${stamp}@example.org`, email_opt_in: 'no' }, { first_name: 'Nils', email: `nils${stamp}@example.org` }]);
    expect((await consentOf(await idOf(`nora${stamp}@example.org`))).data).toEqual([]);
    expect((await consentOf(await idOf(`nils${stamp}@example.org`))).data).toEqual([]);
  });
});
