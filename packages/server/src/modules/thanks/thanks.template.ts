import { formatDate, formatMoney, thanksMessages as m } from '@almoner/contracts';
import { LiquidError } from 'liquidjs';
import { fieldError } from '../../http/errors.ts';
import { createTemplateEngine, liquidFirstLine, templateProblem } from '../../templates/liquid.ts';

/** Every output escaped unless the template says `| raw`: a donor's name never becomes markup. */
export const letterEngine = createTemplateEngine({ output: 'html' });

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A template's fault in staff's words (a limit, a refusal, the parser's first line), or null when the error is not the template's. */
export const letterProblemOf = (error: unknown): string | null => templateProblem(error) ?? (error instanceof LiquidError ? liquidFirstLine(error) : null);

export type LetterCommon = { date: string; organisation: string; signature: { name: string; title: string } };

/** A letter's merge values (the tags of `thankYouLetterTags`) from a gift's row. */
export function letterValues(r: Row, common: LetterCommon) {
  return {
    ...common,
    donor: {
      name: text(r.name), first_name: text(r.first_name), last_name: text(r.last_name), email: text(r.email),
      address_01: text(r.address_01), address_02: text(r.address_02), city: text(r.city), state: text(r.state), zip: text(r.zip), country: text(r.country),
    },
    contribution: {
      number: text(r.number),
      date: formatDate(new Date(r.at as string)),
      total: formatMoney(Number(r.total_amount), String(r.currency_code)),
      funds: text(r.funds),
    },
    campaign: { name: text(r.campaign_name) },
    appeal: { name: text(r.appeal_name), code: text(r.appeal_code) },
  };
}

/** Sample values, to check a template merges before it is saved. */
const sampleValues = letterValues(
  { name: 'Jane Doe', first_name: 'Jane', last_name: 'Doe', number: '#1', at: '2026-01-15T12:00:00Z', total_amount: 5000, currency_code: 'USD', funds: 'General', campaign_name: 'Spring' },
  { date: 'Jan 16, 2026', organisation: 'Sample', signature: { name: 'Sam Signer', title: 'Director' } },
);

/** What is wrong with a template, in staff's words, or null when it parses and merges. */
export async function letterTemplateProblem(source: string): Promise<string | null> {
  try {
    await letterEngine.parseAndRender(source, sampleValues);
    return null;
  } catch (error) {
    const problem = letterProblemOf(error);
    if (problem === null) throw error;
    return problem;
  }
}

/** Refuses a template that cannot be used, on the form's field (422). Blank is no template. */
export async function checkLetterTemplate(source: string | null | undefined, field: string): Promise<void> {
  if (!source) return;
  const problem = await letterTemplateProblem(source);
  if (problem) throw fieldError(field, m.templateUnreadable(problem));
}
