import { z } from 'zod';

/**
 * A supporter is active, archived (kept, out of the everyday lists and pickers) or spam. Spec
 * silent; the columns exist (`is_active`, `archived_at`, `is_spam`) and the list already filters
 * by them. Staff with "Edit supporters" move a supporter between the three; each move is one
 * update of the row, so the record's history shows who, when, from → to.
 */
export const SUPPORTER_STATUSES = ['active', 'archived', 'spam'] as const;
export type SupporterStatus = (typeof SUPPORTER_STATUSES)[number];

/** The one derivation of a supporter's status, as the list's status filter reads it. */
export const supporterStatusOf = (row: { is_active: boolean; is_spam: boolean }): SupporterStatus =>
  row.is_spam ? 'spam' : row.is_active ? 'active' : 'archived';

export const supporterStatusLabels: Record<SupporterStatus, string> = { active: 'Active', archived: 'Archived', spam: 'Spam' };

/** POST /jpanel/supporters/{id}/{action}: the action, and the status it leads to. */
export const SUPPORTER_STATUS_ACTIONS = { archive: 'archived', spam: 'spam', restore: 'active' } as const satisfies Record<string, SupporterStatus>;
export type SupporterStatusAction = keyof typeof SUPPORTER_STATUS_ACTIONS;
export const supporterStatusActionSchema = z.enum(Object.keys(SUPPORTER_STATUS_ACTIONS) as [SupporterStatusAction, ...SupporterStatusAction[]]);

export const supporterStatusAnswerSchema = z.object({ message: z.string(), status: z.enum(SUPPORTER_STATUSES) });
export type SupporterStatusAnswer = z.infer<typeof supporterStatusAnswerSchema>;

export const supporterStatusMessages = {
  done: { archive: (name: string) => `${name} was archived.`, spam: (name: string) => `${name} was marked as spam.`, restore: (name: string) => `${name} was restored.` },
  already: { active: 'This supporter is already active.', archived: 'This supporter is already archived.', spam: 'This supporter is already marked as spam.' },
  confirm: {
    archive: (name: string) => `Archive ${name}? They leave the everyday lists and pickers; their gifts and history stay, and you can restore them.`,
    spam: (name: string) => `Mark ${name} as spam? They leave the everyday lists and pickers; you can restore them.`,
  },
} as const;
