import { type EditableMailTemplate, type MailTemplateDetail, mailTemplateInfo, mailTemplateMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { LiquidError } from 'liquidjs';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTemplateEngine, liquidFirstLine, templateProblem } from '../../templates/liquid.ts';
import { confirmationValues } from '../contributions/contributions.confirmation.ts';
import { receiptMailValues } from '../receipts/receipts.pdf.ts';
import { renewalMailValues } from '../memberships/memberships.renewals.ts';
import { cardLinkMailValues } from '../recurring/recurring.card-link.ts';
import { termsMailValues } from '../recurring/recurring.change.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { tributeMailValues } from '../tributes/tributes.service.ts';
import { type MailTemplate, type RenderedMail, mailTemplates, renderMail } from './mail.templates.ts';

/** Per template: the newest record to preview with, and a record's merge values (null: no such record). */
const sources: Record<EditableMailTemplate, { sample: (q: Queryable) => Promise<number | null>; values: (q: Queryable, id: number) => Promise<Record<string, unknown> | null> }> = {
  taxReceipt: {
    sample: async (q) => idOf(await queryRows(q, sql`select id from tax_receipts where status = 'issued' and deleted_at is null order by id desc limit 1`)),
    values: async (q, id) => {
      const [r] = await queryRows(q, sql`select id from tax_receipts where id = ${id} and deleted_at is null`);
      return r ? { ...(await receiptMailValues(q, id)), organisation: await getOrgName(q) } : null;
    },
  },
  tributeNotice: {
    sample: async (q) => idOf(await queryRows(q, sql`select id from tributes where deleted_at is null order by id desc limit 1`)),
    values: async (q, id) => {
      const [r] = await queryRows(q, sql`select id from tributes where id = ${id} and deleted_at is null`);
      return r ? tributeMailValues(q, id) : null;
    },
  },
  contributionConfirmation: {
    sample: async (q) => idOf(await queryRows(q, sql`select id from contributions where paid_at is not null and deleted_at is null order by id desc limit 1`)),
    values: confirmationValues,
  },
  recurringTermsChanged: {
    sample: async (q) => idOf(await queryRows(q, sql`select id from recurring_payment_profiles where deleted_at is null order by id desc limit 1`)),
    values: termsMailValues,
  },
  cardUpdateLink: {
    sample: async (q) => idOf(await queryRows(q, sql`select rp.id from recurring_payment_profiles rp join supporters s on s.id = rp.supporter_id where rp.deleted_at is null order by rp.id desc limit 1`)),
    // The preview shows where the donor's own link goes; the mailer signs a real one per message.
    values: (q, id) => cardLinkMailValues(q, id, 'https://example.org/jpanel/update-card/…'),
  },
  membershipRenewal: {
    sample: async (q) => idOf(await queryRows(q, sql`select id from supporter_memberships where deleted_at is null and expires_on is not null order by expires_on desc, id desc limit 1`)),
    values: renewalMailValues,
  },
};
const idOf = (rows: Record<string, unknown>[]) => (rows[0] ? Number(rows[0].id) : null);

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function getMailTemplate(q: Queryable, key: EditableMailTemplate): Promise<MailTemplateDetail> {
  const [saved] = await queryRows(q, sql`select subject, html, text, updated_at from mail_templates where key = ${key}`);
  const builtIn = mailTemplates[key];
  return {
    key,
    subject: saved ? String(saved.subject) : builtIn.subject,
    html: saved ? String(saved.html) : builtIn.html,
    text: saved ? String(saved.text) : builtIn.text,
    customised: Boolean(saved),
    updated_at: iso(saved?.updated_at),
    built_in: builtIn,
    sample_id: await sources[key].sample(q),
  };
}

// Parses each part on its own so an error names the field it is in.
const checker = createTemplateEngine({ output: 'text' });

/**
 * Merges a draft with a real record, as the mailer would. A template that does not parse, or a
 * record that does not exist, is refused on its field (422), never a 500.
 */
export async function previewMailTemplate(q: Queryable, key: EditableMailTemplate, draft: MailTemplate, recordId: number): Promise<RenderedMail> {
  const errors: Record<string, string[]> = {};
  for (const field of ['subject', 'html', 'text'] as const) {
    try {
      checker.parse(draft[field]);
    } catch (error) {
      if (!(error instanceof LiquidError)) throw error;
      errors[field] = [describe(error)];
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  const values = await sources[key].values(q, recordId);
  if (!values) throw new AppError('validation', mailTemplateMessages.noRecord(mailTemplateInfo[key].record), { record_id: [mailTemplateMessages.noRecord(mailTemplateInfo[key].record)] });
  // Each part merged on its own, so a part that fails to merge (a limit, a bad filter argument)
  // is named; the parts that merged are not sent back with the error.
  for (const field of ['subject', 'html', 'text'] as const) {
    try {
      await renderMail({ subject: '', html: '', text: '', [field]: draft[field] }, values);
    } catch (error) {
      if (!(error instanceof LiquidError)) throw error;
      errors[field] = [describe(error)];
    }
  }
  const failed = Object.values(errors)[0]?.[0];
  if (failed) throw new AppError('validation', failed, errors);
  return renderMail(draft, values);
}

/** A refusal or limit in its own words; otherwise the parser's first line after "cannot be used". */
const describe = (error: LiquidError) => templateProblem(error) ?? mailTemplateMessages.unreadable(liquidFirstLine(error));

/** Saves a draft once it merges with the record it was previewed with. */
export async function saveMailTemplate(tx: Tx, key: EditableMailTemplate, draft: MailTemplate, recordId: number, actorId: number): Promise<void> {
  await previewMailTemplate(tx, key, draft, recordId);
  await tx.execute(sql`insert into mail_templates (key, subject, html, text, updated_by, updated_at)
    values (${key}, ${draft.subject}, ${draft.html}, ${draft.text}, ${actorId}, now())
    on conflict (key) do update set subject = excluded.subject, html = excluded.html, text = excluded.text, updated_by = excluded.updated_by, updated_at = now()`);
}

export async function resetMailTemplate(tx: Tx, key: EditableMailTemplate): Promise<void> {
  await tx.execute(sql`delete from mail_templates where key = ${key}`);
}
