import type { EditionFlags, SettingsKey, SettingsLocked, SettingsValues } from '@almoner/contracts';
import { DEFAULT_THANK_YOU_LETTER, isTimeZone, p2pImagesProblem, paymentGateways, settingsMessages, settingsValuesSchema, siteCurrencies, stripeMessages } from '@almoner/contracts';
import { inArray, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgToday } from '../money/money.sql.ts';
import { effectiveStripeConfig, type StripeConfigSource } from '../payment-providers/stripe-config.service.ts';
import { recountSponsorships } from '../sponsorships/sponsors.service.ts';
import { settings } from './settings.tables.ts';
import { checkLetterTemplate } from '../thanks/thanks.template.ts';

/** Defaults for every setting; a stored value overrides its default. */
export const settingDefaults = {
  org_name: 'Almoner Demo Charity',
  edition_express: false,
  edition_dp: false,
  referral_sources_enabled: true,
  nps_enabled: false,
  /** The organisation currency (see contracts' siteCurrencies). */
  site_currency: 'USD',
  /** Dates in filters, listings and CSVs are days in this zone. */
  time_zone: 'UTC',
  /** The month the financial year starts in (1 = the calendar year): years in the giving reports. */
  fiscal_year_start_month: 1,
  payment_gateway: 'sandbox',
  /** A sponsee in automatic mode counts as sponsored with at least this many active sponsors. */
  sponsorship_num_sponsors: 1,
  /** Sponsors may be e-mailed when a public timeline update is posted. */
  timeline_updated_email_enabled: true,
  /** Tax receipt numbers (contracts' receipts.ts): `[YY]`/`[YYYY]` the issue year, `[0…0]` the counter. */
  tax_receipt_number_format: 'WEB[YY]-[000000000]',
  /** Receipts only for contributions billed to this country (ISO code), or ANY. */
  tax_receipt_country: 'US',
  /** Sponsorship gifts are receiptable (their whole amount plus covered fees). */
  sponsorship_tax_receipts: true,
  /** Issue a receipt as each contribution completes (incumbent `tax_receipt_pdfs`). */
  tax_receipt_on_completion: true,
  /** Receipt merge tags (spec part 2 §3): the organisation's legal identity and the signer. Empty until set; the legal name falls back to org_name. */
  org_legal_name: '',
  org_legal_address: '',
  org_charity_number: '',
  tax_receipt_authorized_name: '',
  tax_receipt_authorized_title: '',
  /** The address of the signature image (spec: "signature"), for templates that show it. */
  tax_receipt_signature_url: '',
  /** Where receipts are issued (the place printed on them). */
  tax_receipt_issued_in: '',
  /** Peer-to-peer pages: fundraisers may upload their own image; else they pick one of six defaults (addresses). */
  p2p_custom_images_enabled: true,
  p2p_default_image_1: '',
  p2p_default_image_2: '',
  p2p_default_image_3: '',
  p2p_default_image_4: '',
  p2p_default_image_5: '',
  p2p_default_image_6: '',
  /** Point of sale (reference §6.1, §6.4): donor covers costs, AI choices or the legacy fee. */
  dcc_enabled: true,
  dcc_ai_is_enabled: true,
  /** Legacy mode: per-order fee in minor units of the organisation currency, and the percent. */
  dcc_cost_per_order: 30,
  dcc_percentage: '2.89',
  /** Sponsorship items may carry covered costs too. */
  dcc_enabled_on_sponsorships: true,
  gift_aid_enabled: false,
  /** Taxes apply to shipping too (at the sum of the order's distinct rates). */
  shipping_taxes_apply: false,
  /** New orders' country, and the POS tax place until an address gives one. */
  default_country: 'US',
  pos_tax_address1: '',
  pos_tax_city: '',
  pos_tax_state: '',
  pos_tax_zip: '',
  pos_tax_country: '',
  /** Copy a complete shipping (else billing) address to the tax address when it changes. */
  pos_use_default_tax_region: false,
  /** The default thank-you letter (Liquid, issue 37 item 4): for gifts whose campaign has none. */
  thank_you_letter: DEFAULT_THANK_YOU_LETTER,
} as const;

export type SettingKey = keyof typeof settingDefaults;
type SettingValues = {
  -readonly [K in SettingKey]: (typeof settingDefaults)[K] extends boolean ? boolean : (typeof settingDefaults)[K] extends number ? number : string;
};

export async function getSettings<K extends SettingKey>(
  db: Queryable,
  keys: readonly K[],
): Promise<Pick<SettingValues, K>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, keys as unknown as string[]));
  const values = Object.fromEntries(keys.map((k) => [k, settingDefaults[k]])) as Record<
    string,
    unknown
  >;
  for (const row of rows) values[row.key] = row.value;
  return values as Pick<SettingValues, K>;
}

export async function putSettings(db: Queryable, values: Partial<SettingValues>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  }
}

const EDITION_KEYS = ['edition_express', 'edition_dp', 'referral_sources_enabled', 'nps_enabled'] as const;

const editionFlagsOf = (s: Pick<SettingValues, (typeof EDITION_KEYS)[number]>): EditionFlags => ({
  express: s.edition_express,
  dp: s.edition_dp,
  referral_sources: s.referral_sources_enabled,
  nps: s.nps_enabled,
});

export async function getEditionFlags(db: Queryable): Promise<EditionFlags> {
  return editionFlagsOf(await getSettings(db, [...EDITION_KEYS]));
}

const monthOrDefault = (month: unknown): number =>
  Number.isInteger(month) && (month as number) >= 1 && (month as number) <= 12 ? (month as number) : settingDefaults.fiscal_year_start_month;

/**
 * What every screen needs of the settings (the session answer): the edition flags, the
 * organisation's name, the month (1–12) its financial year starts in (the SQL reports read
 * fiscalYearStartSql) and its today, the day date fields start on.
 */
export async function getSessionSettings(db: Queryable): Promise<{ flags: EditionFlags; org_name: string; fiscal_year_start_month: number; today: string }> {
  const s = await getSettings(db, [...EDITION_KEYS, 'org_name', 'fiscal_year_start_month']);
  return { flags: editionFlagsOf(s), org_name: s.org_name, fiscal_year_start_month: monthOrDefault(s.fiscal_year_start_month), today: await orgToday(db) };
}

export async function getOrgName(db: Queryable): Promise<string> {
  return (await getSettings(db, ['org_name'])).org_name;
}

const editableKeys = Object.keys(settingsValuesSchema.shape) as SettingsKey[];

/** The settings the settings page edits, each with its stored value or its default. */
export async function readEditableSettings(db: Queryable): Promise<SettingsValues> {
  const values = await getSettings(db, editableKeys);
  const currency =
    siteCurrencies.find((c) => c === values.site_currency) ?? settingDefaults.site_currency;
  const gateway = paymentGateways.find((g) => g === values.payment_gateway) ?? settingDefaults.payment_gateway;
  const timeZone = isTimeZone(values.time_zone) ? values.time_zone : settingDefaults.time_zone;
  const numSponsors = Number.isInteger(values.sponsorship_num_sponsors) && values.sponsorship_num_sponsors >= 1
    ? values.sponsorship_num_sponsors
    : settingDefaults.sponsorship_num_sponsors;
  const fiscalStart = monthOrDefault(values.fiscal_year_start_month);
  return { ...values, site_currency: currency, time_zone: timeZone, fiscal_year_start_month: fiscalStart, payment_gateway: gateway, sponsorship_num_sponsors: numSponsors };
}

/** The organisation currency and time zone every money total and date filter works in. */
export async function getOrgMoneySettings(db: Queryable): Promise<{ currency: string; timeZone: string }> {
  const values = await readEditableSettings(db);
  return { currency: values.site_currency, timeZone: values.time_zone };
}

/** Whether any row holds an amount converted into the organisation currency. */
async function hasMoneyRows(db: Queryable): Promise<boolean> {
  const [row] = await queryRows(db, sql`select exists (select 1 from contributions) or exists (select 1 from payments)
    or exists (select 1 from recurring_transactions) as found`);
  return row?.found === true;
}

/** Settings that cannot change now, each with the reason the page shows beside it. */
export async function readLockedSettings(db: Queryable): Promise<SettingsLocked> {
  return (await hasMoneyRows(db)) ? { site_currency: settingsMessages.currencyLocked } : {};
}

/**
 * Saves the settings a user changed, inside one audited transaction. Values equal to the stored
 * ones are not rewritten, so the audit trail shows real changes only.
 */
export async function updateSettings(
  db: Db,
  actor: Actor,
  update: Partial<SettingsValues>,
  stripe?: StripeConfigSource,
): Promise<SettingsValues> {
  return withActor(db, actor, async (tx) => {
    const current = await readEditableSettings(tx);
    const changed = Object.fromEntries(
      Object.entries(update).filter(
        ([key, value]) => value !== undefined && current[key as SettingsKey] !== value,
      ),
    ) as Partial<SettingsValues>;
    if (changed.site_currency !== undefined && (await hasMoneyRows(tx))) {
      throw new AppError('validation', settingsMessages.currencyLocked, {
        site_currency: [settingsMessages.currencyLocked],
      });
    }
    const p2pProblem = p2pImagesProblem({ ...current, ...changed });
    if (p2pProblem && Object.keys(changed).some((key) => key.startsWith('p2p_'))) {
      throw new AppError('validation', p2pProblem, { p2p_default_image_1: [p2pProblem] });
    }
    // Stripe takes no payment without its two keys: chosen only once they are there.
    if (changed.payment_gateway === 'stripe' && stripe) {
      const { secretKey, publishableKey } = await effectiveStripeConfig(tx, stripe);
      if (!secretKey || !publishableKey) throw new AppError('validation', stripeMessages.chooseWithoutKeys, { payment_gateway: [stripeMessages.chooseWithoutKeys] });
    }
    // A letter that does not parse or merge would fail every letters run: refused on its field.
    await checkLetterTemplate(changed.thank_you_letter, 'thank_you_letter');
    await putSettings(tx, changed);
    // Sponsored status derives from this number: recount every sponsee in the same transaction,
    // so no reader ever sees the new number with the old statuses (one set-based UPDATE).
    if (changed.sponsorship_num_sponsors !== undefined) await recountSponsorships(tx);
    return { ...current, ...changed };
  });
}
