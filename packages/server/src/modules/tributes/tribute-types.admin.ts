import { messages, type TributeType, type TributeTypeInputParsed, tributeTypeMessages } from '@almoner/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTemplateEngine, liquidFirstLine, templateProblem } from '../../templates/liquid.ts';
import { LiquidError } from 'liquidjs';
import { mergeValues } from './tributes.service.ts';
import { tributeTypes } from './tribute-types.tables.ts';

/** Tribute types as staff keep them (issue 38 item 3): the labels offered and their notices. */

const notFound = () => new AppError('not_found', messages.notFound);
const html = createTemplateEngine({ output: 'html' });

/** Sample merge values: a template is checked against the same tags the notices fill in. */
const sample = {
  ...mergeValues({ name: 'Jane Doe', amount: 5000, currency_code: 'USD', type: 'In memory of', notify_name: 'John Doe', notify: 'email', notify_email: 'john@example.org', donor_first_name: 'Sam', donor_last_name: 'Giver' }),
  organisation: 'Sample',
};

/** Refuses a template the shared engine cannot read or merge, on its own field (422). */
async function checkTemplate(source: string | null, field: string): Promise<void> {
  if (!source) return;
  try {
    await html.parseAndRender(source, sample);
  } catch (error) {
    const problem = templateProblem(error) ?? (error instanceof LiquidError ? liquidFirstLine(error) : null);
    if (problem === null) throw error;
    throw fieldError(field, `This template cannot be used: ${problem}`);
  }
}

async function findType(db: Queryable, id: number) {
  const [row] = await db.select().from(tributeTypes).where(and(eq(tributeTypes.id, id), isNull(tributeTypes.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** Types with how many tributes name each, in the order they are offered. */
async function present(db: Queryable, where = sql`true`): Promise<TributeType[]> {
  const rows = await queryRows(
    db,
    sql`select tt.*, (select count(*)::int from tributes t where t.tribute_type_id = tt.id and t.deleted_at is null) as tributes
          from tribute_types tt where tt.deleted_at is null and ${where} order by tt.sequence, lower(tt.label), tt.id`,
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    id: Number(r.id),
    label: String(r.label),
    is_enabled: Boolean(r.is_enabled),
    sequence: Number(r.sequence),
    email_subject: text(r.email_subject),
    email_cc: text(r.email_cc),
    email_bcc: text(r.email_bcc),
    email_template: text(r.email_template),
    letter_template: text(r.letter_template),
    tributes: Number(r.tributes),
    updated_at: new Date(r.updated_at as string).toISOString(),
  }));
}

export const listTributeTypes = async (db: Queryable) => ({ data: await present(db) });

export async function getTributeType(db: Queryable, id: number): Promise<TributeType> {
  const [type] = await present(db, sql`tt.id = ${id}`);
  if (!type) throw notFound();
  return type;
}

async function saveTributeType(db: Db, actor: Actor, id: number | null, input: TributeTypeInputParsed): Promise<TributeType> {
  await checkTemplate(input.email_template, 'email_template');
  await checkTemplate(input.letter_template, 'letter_template');
  const savedId = await withActor(db, actor, async (tx) => {
    const [taken] = await tx
      .select({ id: tributeTypes.id })
      .from(tributeTypes)
      .where(and(isNull(tributeTypes.deletedAt), sql`lower(${tributeTypes.label}) = lower(${input.label})`, id === null ? undefined : ne(tributeTypes.id, id)));
    if (taken) throw fieldError('label', tributeTypeMessages.labelTaken);
    const columns = {
      label: input.label,
      isEnabled: input.is_enabled,
      sequence: input.sequence,
      emailSubject: input.email_subject,
      emailCc: input.email_cc,
      emailBcc: input.email_bcc,
      emailTemplate: input.email_template,
      letterTemplate: input.letter_template,
    };
    if (id === null) {
      const [row] = await tx.insert(tributeTypes).values(columns).returning({ id: tributeTypes.id });
      return (row as { id: number }).id;
    }
    await findType(tx, id);
    await tx.update(tributeTypes).set({ ...columns, updatedAt: sql`now()` }).where(eq(tributeTypes.id, id));
    return id;
  });
  return getTributeType(db, savedId);
}

export const createTributeType = (db: Db, actor: Actor, input: TributeTypeInputParsed) => saveTributeType(db, actor, null, input);
export const updateTributeType = (db: Db, actor: Actor, id: number, input: TributeTypeInputParsed) => saveTributeType(db, actor, id, input);

/**
 * Soft, and only for a type no tribute names: a gift's tribute keeps what it was made as. A type
 * in use is refused with how many tributes name it; turning it off stops offering it.
 */
export async function deleteTributeType(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const type = await findType(tx, id);
    // Locked, so a tribute made at this moment cannot slip in between the count and the delete.
    await tx.execute(sql`select id from tribute_types where id = ${id} for update`);
    const [used] = await queryRows(tx, sql`select count(*)::int as n from tributes where tribute_type_id = ${id} and deleted_at is null`);
    const count = Number(used?.n ?? 0);
    if (count > 0) throw new AppError('conflict', tributeTypeMessages.inUse(type.label, count));
    await tx.update(tributeTypes).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(tributeTypes.id, id));
    return { message: tributeTypeMessages.deleted(type.label) };
  });
}

