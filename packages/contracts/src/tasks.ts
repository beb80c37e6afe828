import { z } from 'zod';
import { messages } from './messages.ts';
import { formBoolean, requiredText, specDate } from './rules.ts';

/** Follow-up tasks on a supporter (issue 36 item 5). The spec is silent: messages are ours. */
export const taskMessages = {
  created: 'Task has been added.',
  updated: 'Task has been updated.',
  completed: 'Task has been completed.',
  reopened: 'Task has been reopened.',
  assigneeInactive: 'This user has been deactivated and cannot be given tasks. Choose an active user.',
  supporterUnknown: 'This supporter does not exist.',
  nothingToChange: 'Nothing to change: send a title, a due date, an assignee or completed.',
  emptyMine: 'You have no open tasks.',
  emptySupporter: 'No tasks for this supporter yet.',
} as const;

export const TASK_TITLE_MAX = 255;
export const TASKS_PER_PAGE = 50;

const id = z.coerce.number({ error: messages.number }).int({ error: messages.number }).positive({ error: messages.number }).max(2 ** 31 - 1, { error: messages.number });
/** A due day: ISO (2026-12-05) or the spec's display form (12/05/2026); blank or null clears it. */
const dueOn = z.preprocess((v) => (v === '' ? null : v), specDate().nullable());

/** POST /jpanel/tasks. `assigned_to` left out means the staff member adding it. */
export const taskCreateSchema = z.object({
  supporter_id: id,
  title: requiredText(TASK_TITLE_MAX),
  due_on: dueOn.optional(),
  assigned_to: id.nullish(),
});
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** POST /jpanel/tasks/{id}: only the fields sent change; `completed` completes or reopens. */
export const taskUpdateSchema = z
  .object({
    title: requiredText(TASK_TITLE_MAX).optional(),
    due_on: dueOn.optional(),
    assigned_to: id.optional(),
    completed: formBoolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: taskMessages.nothingToChange });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

/** GET /jpanel/tasks.json: mine, overdue, by supporter; open ones unless `status` says otherwise. */
export const tasksQuerySchema = z.object({
  mine: formBoolean().optional(),
  overdue: formBoolean().optional(),
  supporter_id: id.optional(),
  status: z.enum(['open', 'completed', 'all']).optional().default('open'),
  page: z.coerce.number({ error: messages.number }).int().min(1).max(1_000_000).optional().default(1),
});
export type TasksQuery = z.input<typeof tasksQuerySchema>;

const person = z.object({ id: z.number(), name: z.string() });

export const taskSchema = z.object({
  id: z.number(),
  supporter: person,
  title: z.string(),
  /** ISO day, or null for a task with no date. */
  due_on: z.string().nullable(),
  assigned_to: person.nullable(),
  /** Open, not done, and due before the organisation's today. */
  is_overdue: z.boolean(),
  completed_at: z.string().nullable(),
  completed_by: person.nullable(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const tasksPageSchema = z.object({
  data: z.array(taskSchema),
  total: z.number(),
  page: z.number(),
  last_page: z.number(),
});
export type TasksPage = z.infer<typeof tasksPageSchema>;

export const taskAnswerSchema = z.object({ message: z.string(), task: taskSchema });
export type TaskAnswer = z.infer<typeof taskAnswerSchema>;

/** The shell's count: the signed-in user's open tasks and how many of them are overdue. */
export const myTaskCountsSchema = z.object({ open: z.number(), overdue: z.number() });
export type MyTaskCounts = z.infer<typeof myTaskCountsSchema>;

/** Staff a task can be given to: active users who may sign in. */
export const taskAssigneesSchema = z.object({ data: z.array(person) });
