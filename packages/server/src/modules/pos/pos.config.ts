import { POS_REFERRAL_SOURCES, POS_SOURCES, type PosConfig } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { cardFieldsConfig } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { campaignChoices } from '../campaigns/campaigns.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { readDefaults } from './pos.defaults.ts';

const symbolOf = (code: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;

/**
 * GET /jpanel/pos/config.json: the choices and settings the screen shows before the first
 * action. Currencies: the organisation's and those with an exchange rate (the others cannot be priced).
 */
export async function posConfig(q: Queryable, userId: number): Promise<PosConfig> {
  const s = await getSettings(q, ['site_currency', 'referral_sources_enabled', 'dcc_enabled', 'dcc_ai_is_enabled', 'gift_aid_enabled']);
  const [rated, accountTypes, tributeTypes, defaults, campaigns, cardFields] = await Promise.all([
    queryRows(q, sql`select distinct currency_code from exchange_rates where effective_on <= current_date`),
    queryRows(q, sql`select id, name, is_default from account_types order by sequence, id`),
    queryRows(q, sql`select id, label from tribute_types where is_enabled order by sequence, id`),
    readDefaults(q, userId),
    campaignChoices(q),
    cardFieldsConfig(q),
  ]);
  const codes = [...new Set([s.site_currency, ...rated.map((r) => String(r.currency_code))])];
  return {
    site_currency: s.site_currency,
    currencies: codes.sort().map((code) => ({ code, symbol: symbolOf(code) })),
    sources: [...POS_SOURCES],
    referral_sources: [...POS_REFERRAL_SOURCES],
    referral_sources_enabled: Boolean(s.referral_sources_enabled),
    campaigns,
    account_types: accountTypes.map((a) => ({ id: Number(a.id), name: String(a.name), is_default: Boolean(a.is_default) })),
    dcc_enabled: Boolean(s.dcc_enabled),
    dcc_ai_enabled: Boolean(s.dcc_ai_is_enabled),
    gift_aid_enabled: Boolean(s.gift_aid_enabled),
    tribute_types: tributeTypes.map((t) => ({ id: Number(t.id), label: String(t.label) })),
    defaults,
    card_fields: cardFields,
  };
}
