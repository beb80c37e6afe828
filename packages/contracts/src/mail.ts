import { z } from 'zod';

/** queued → sending → sent (through SMTP) or stored (kept in the outbox only); failed after the last retry. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'stored', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  stored: 'Kept in outbox',
  failed: 'Failed',
};

export const MAIL_PAGE_SIZE = 25;
export const mailListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export type MailSummary = { id: number; to: string; subject: string; status: MailStatus; created_at: string; sent_at: string | null };
export type MailList = { data: MailSummary[]; total: number; page: number; page_size: number };
export type MailMessage = MailSummary & {
  from: string | null;
  cc: string | null;
  html: string | null;
  text: string | null;
  error: string | null;
  attempts: number;
  attachments: { filename: string; content_type: string; size: number }[];
};
