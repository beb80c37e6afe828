import { messages, supporterPrivacyMessages, type MyTaskCounts, type Task, taskMessages, TASKS_PER_PAGE, type TasksPage, type tasksQuerySchema, type taskCreateSchema, type taskUpdateSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgTodaySql } from '../sponsorships/sponsors.service.ts';
import { isErased } from '../supporters/supporters.erase.ts';

/**
 * The one definition of overdue, used by the list's flag, its filter and the shell's count:
 * open, with a due day before the organisation's today (the database clock in its time zone).
 */
const overdueSql = (t: SQL) => sql`(${t}.completed_at is null and ${t}.due_on < ${orgTodaySql})`;

const personName = (alias: string) => sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);
const supporterName = sql`coalesce(nullif(s.display_name, ''), nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.email, 'Supporter #' || s.id)`;

const selectTasks = sql`select t.id, t.title, t.due_on::text as due_on, t.completed_at, t.created_at, ${overdueSql(sql`t`)} as is_overdue,
    s.id as supporter_id, ${supporterName} as supporter_name,
    t.assigned_to, ${personName('a')} as assigned_name, t.completed_by, ${personName('c')} as completed_name,
    t.created_by, ${personName('b')} as created_name
  from tasks t
  join supporters s on s.id = t.supporter_id
  left join users a on a.id = t.assigned_to
  left join users c on c.id = t.completed_by
  left join users b on b.id = t.created_by`;

const person = (id: unknown, name: unknown) => (id === null || id === undefined ? null : { id: Number(id), name: typeof name === 'string' ? name : `User #${String(id)}` });
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toTask(r: Record<string, unknown>): Task {
  return {
    id: Number(r.id),
    supporter: { id: Number(r.supporter_id), name: String(r.supporter_name) },
    title: String(r.title),
    due_on: (r.due_on as string | null) ?? null,
    assigned_to: person(r.assigned_to, r.assigned_name),
    is_overdue: r.is_overdue === true,
    completed_at: iso(r.completed_at),
    completed_by: person(r.completed_by, r.completed_name),
    created_by: person(r.created_by, r.created_name),
    created_at: iso(r.created_at) as string,
  };
}

async function readTask(q: Queryable, id: number, lock = false): Promise<Task> {
  const [row] = await queryRows(q, sql`${selectTasks} where t.id = ${id} ${lock ? sql`for update of t` : sql``}`);
  if (!row) throw new AppError('not_found', messages.notFound);
  return toTask(row);
}

/** A task goes only to someone who can still sign in: a deactivated user would never see it. */
async function assertAssignable(q: Queryable, userId: number): Promise<void> {
  const [row] = await queryRows(q, sql`select deleted_at is null and is_admin_user as active from users where id = ${userId}`);
  if (!row) throw fieldError('assigned_to', messages.notFound);
  if (row.active !== true) throw fieldError('assigned_to', taskMessages.assigneeInactive);
}

type Query = z.output<typeof tasksQuerySchema>;

/** GET /jpanel/tasks.json: open tasks by due day (undated last), filtered by mine, overdue and supporter. */
export async function listTasks(db: Db, userId: number, query: Query): Promise<TasksPage> {
  const conditions: SQL[] = [
    query.status === 'open' ? sql`t.completed_at is null` : query.status === 'completed' ? sql`t.completed_at is not null` : sql`true`,
    ...(query.mine ? [sql`t.assigned_to = ${userId}`] : []),
    ...(query.overdue ? [overdueSql(sql`t`)] : []),
    ...(query.supporter_id ? [sql`t.supporter_id = ${query.supporter_id}`] : []),
  ];
  const where = sql.join(conditions, sql` and `);
  const [count] = await queryRows(db, sql`select count(*)::int as n from tasks t where ${where}`);
  const total = Number(count?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / TASKS_PER_PAGE));
  const page = Math.min(query.page, lastPage);
  // Open work by when it is due; done work most recent first.
  const order = query.status === 'completed' ? sql`t.completed_at desc, t.id desc` : sql`t.completed_at is not null, t.due_on asc nulls last, t.id asc`;
  const rows = await queryRows(db, sql`${selectTasks} where ${where} order by ${order} limit ${TASKS_PER_PAGE} offset ${(page - 1) * TASKS_PER_PAGE}`);
  return { data: rows.map(toTask), total, page, last_page: lastPage };
}

export async function myTaskCounts(db: Db, userId: number): Promise<MyTaskCounts> {
  const [row] = await queryRows(db, sql`select count(*)::int as open, count(*) filter (where ${overdueSql(sql`t`)})::int as overdue
    from tasks t where t.assigned_to = ${userId} and t.completed_at is null`);
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** Active staff a task may be given to, by name. */
export async function listAssignees(db: Db): Promise<{ data: { id: number; name: string }[] }> {
  const rows = await queryRows(db, sql`select u.id, ${personName('u')} as name from users u
    where u.deleted_at is null and u.is_admin_user order by lower(u.last_name), lower(u.first_name), u.id`);
  return { data: rows.map((r) => ({ id: Number(r.id), name: (r.name as string | null) ?? `User #${String(r.id)}` })) };
}

export async function createTask(db: Db, actor: Actor, userId: number, input: z.output<typeof taskCreateSchema>): Promise<Task> {
  return withActor(db, actor, async (tx) => {
    const [supporter] = await queryRows(tx, sql`select 1 from supporters where id = ${input.supporter_id}`);
    if (!supporter) throw fieldError('supporter_id', taskMessages.supporterUnknown);
    if (await isErased(tx, input.supporter_id)) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    const assignee = input.assigned_to ?? userId;
    await assertAssignable(tx, assignee);
    const [created] = await queryRows(tx, sql`insert into tasks (supporter_id, title, due_on, assigned_to, created_by)
      values (${input.supporter_id}, ${input.title}, ${input.due_on ?? null}::date, ${assignee}, ${userId}) returning id`);
    return readTask(tx, Number(created?.id));
  });
}

/** Changes what was sent; `completed` stamps who finished it and when, or reopens it. */
export async function updateTask(db: Db, actor: Actor, userId: number, id: number, input: z.output<typeof taskUpdateSchema>): Promise<{ task: Task; message: string }> {
  return withActor(db, actor, async (tx) => {
    const current = await readTask(tx, id, true);
    if (input.assigned_to !== undefined && input.assigned_to !== current.assigned_to?.id) await assertAssignable(tx, input.assigned_to);
    const sets: SQL[] = [sql`updated_at = now()`];
    if (input.title !== undefined) sets.push(sql`title = ${input.title}`);
    if (input.due_on !== undefined) sets.push(sql`due_on = ${input.due_on}::date`);
    if (input.assigned_to !== undefined) sets.push(sql`assigned_to = ${input.assigned_to}`);
    const wasDone = current.completed_at !== null;
    if (input.completed === true && !wasDone) sets.push(sql`completed_at = now(), completed_by = ${userId}`);
    if (input.completed === false && wasDone) sets.push(sql`completed_at = null, completed_by = null`);
    await tx.execute(sql`update tasks set ${sql.join(sets, sql`, `)} where id = ${id}`);
    const task = await readTask(tx, id);
    const message =
      input.completed === true && !wasDone ? taskMessages.completed : input.completed === false && wasDone ? taskMessages.reopened : taskMessages.updated;
    return { task, message };
  });
}
