import { type FundOption, normaliseAccountCode } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { codeList } from '../crm/crm.service.ts';

/**
 * The funds a gift can be credited to: every account code the catalogue names (a product's GL
 * code, its designations and default account), the donor CRM's GL codes when it is on, and
 * codes gifts already carry (so a gift's current fund is always a choice). Codes are compared
 * normalised, as the spec stores fund account codes.
 */
export async function fundOptions(q: Queryable): Promise<FundOption[]> {
  const rows = await queryRows(q, sql`
    select code, min(label) as label from (
      select p.gl_code as code, p.name as label from products p where p.deleted_at is null and coalesce(p.gl_code, '') <> ''
      union all
      select d->>'account', d->>'label' from products p cross join lateral jsonb_array_elements(coalesce(p.designation_options->'designations', '[]'::jsonb)) d
       where p.deleted_at is null and coalesce(d->>'account', '') <> ''
      union all
      select p.designation_options->>'default_account', p.name from products p
       where p.deleted_at is null and coalesce(p.designation_options->>'default_account', '') <> ''
      union all
      select distinct i.gl_code, i.gl_code from contribution_items i where i.is_donation and coalesce(i.gl_code, '') <> ''
    ) f group by code order by code`);
  const byCode = new Map<string, string>();
  for (const row of rows) {
    const code = normaliseAccountCode(String(row.code));
    if (code && !byCode.has(code)) byCode.set(code, String(row.label));
  }
  for (const c of await codeList(q, 'GL_CODE')) {
    const code = normaliseAccountCode(c.code);
    if (code && !byCode.has(code)) byCode.set(code, c.description || code);
  }
  return [...byCode].map(([code, label]) => ({ code, label: label === code ? code : `${label} (${code})` })).sort((a, b) => a.code.localeCompare(b.code));
}

/** Whether `code` (normalised) is one of `fundOptions`. */
export async function isKnownFund(q: Queryable, code: string): Promise<boolean> {
  return (await fundOptions(q)).some((f) => f.code === code);
}
