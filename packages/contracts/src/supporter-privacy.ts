import { z } from 'zod';
import { messages } from './messages.ts';
import { text } from './rules.ts';

/**
 * A person's data on request (issue 36 item 9; the spec is silent). Staff who may edit
 * supporters export everything Almoner keeps about one (JSON, or a ZIP of CSVs); staff with
 * "Erase supporters" anonymise one: names, contact, addresses, notes, free text and saved
 * payment methods go, the gifts, receipts and amounts the books and tax law need stay, shown as
 * "Erased supporter #id".
 */

/** What an erased supporter is called everywhere their kept records show a name. */
export const erasedSupporterName = (id: number) => `Erased supporter #${id}`;

/** The words staff type to confirm an erase: the record's number, so the wrong tab cannot be erased. */
export const eraseConfirmationWord = (id: number) => `ERASE #${id}`;

/** True when `typed` is the confirmation for supporter `id` (spaces around and letter case aside). */
export const isEraseConfirmed = (id: number, typed: string) => typed.trim().toUpperCase().replace(/\s+/g, ' ') === eraseConfirmationWord(id);

/** `POST /jpanel/supporters/{id}/erase` */
export const supporterEraseSchema = z.object({ confirmation: text().max(50, messages.maxLength(50)).default('') });
export type SupporterEraseInput = z.input<typeof supporterEraseSchema>;

export const supporterEraseAnswerSchema = z.object({ message: z.string(), name: z.string() });
export type SupporterEraseAnswer = z.infer<typeof supporterEraseAnswerSchema>;

type Rows = Record<string, unknown>[];
/** `GET /jpanel/supporters/{id}/export.json`: amounts in minor units of each row's currency, as stored. */
export type SupporterExport = {
  about: string;
  exported_at: string;
  supporter: Record<string, unknown>;
  addresses: Rows;
  consent_history: Rows;
  tags: Rows;
  notes: Rows;
  tasks: Rows;
  mail: Rows;
  contributions: Rows;
  contribution_items: Rows;
  payments: Rows;
  receipts: Rows;
  receipt_lines: Rows;
  recurring_profiles: Rows;
  tributes: Rows;
  sponsorships: Rows;
  memberships: Rows;
  payment_methods: Rows;
  fundraising_pages: Rows;
  text_messages: Rows;
  timeline: Rows;
  history: Rows;
};

export const supporterPrivacyMessages = {
  exportAbout:
    'Everything this organisation keeps about the supporter in Almoner. Amounts are in the smallest unit of their currency (cents for dollars); dates and times are UTC.',
  confirmHelp: (id: number) => `Type ${eraseConfirmationWord(id)} to confirm.`,
  notConfirmed: (id: number) => `Type ${eraseConfirmationWord(id)} exactly to confirm the erase. Nothing was erased.`,
  erased: (id: number) => `The supporter's personal data was erased. Their gifts and receipts are kept as ${erasedSupporterName(id)}.`,
  alreadyErased: 'This supporter was already erased.',
  /** Refusals for a record whose person was erased: nothing personal may come back onto it. */
  noEdit: 'This supporter was erased: the record cannot be edited.',
  noEmail: 'This supporter was erased: there is no one to e-mail.',
  noGifts: (name: string) => `${name} was erased: gifts cannot be moved to this record.`,
  noMerge: 'An erased supporter cannot be merged.',
  /** What an erased supporter's page says in place of its edit, contact and merge actions. */
  erasedNotice: (on: string, by: string | null) =>
    `Personal data erased on ${on}${by ? ` by ${by}` : ''}. The record is read-only: its gifts and receipts are kept for the books, and nothing can be added or changed.`,
} as const;
