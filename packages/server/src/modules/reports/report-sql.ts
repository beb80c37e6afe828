import { type SQL, sql } from 'drizzle-orm';
import { decimalNumberSql, decimalSql, digitsSql, minorFromDecimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';

/** SQL pieces the report definitions share. */

/** A supporter's name as lists show it, else `fallback` (a billing or subscriber name). */
export const personSql = (s: string, fallback: SQL = sql`null`) =>
  sql`coalesce(nullif(${sql.raw(s)}.display_name, ''), person_name(${sql.raw(s)}.first_name, ${sql.raw(s)}.last_name), ${fallback}, ${sql.raw(s)}.email, 'Guest')`;

/** A minor-unit amount as the API's decimal number, and as the CSV's exact text. */
export const apiMoney = (minor: SQL, currency: SQL) => decimalNumberSql(minor, currency);
export const csvMoney = (minor: SQL, currency: SQL) => decimalSql(minor, currency);

/** The day range filter of a timestamp, in the organisation's days (both ends inclusive). */
export function dayRange(column: SQL, f: { from?: string | undefined; to?: string | undefined }): (SQL | undefined)[] {
  return [f.from ? sql`${column} >= ${startOfOrgDaySql(f.from)}` : undefined, f.to ? sql`${column} < ${startOfOrgDaySql(f.to, 1)}` : undefined];
}

/** Amount bounds typed as decimals, compared in each row's own currency. */
export function amountRange(column: SQL, currency: SQL, min: number | undefined, max: number | undefined): (SQL | undefined)[] {
  return [
    min !== undefined ? sql`${column} >= ${minorFromDecimalSql(min, currency)}` : undefined,
    max !== undefined ? sql`${column} <= ${minorFromDecimalSql(max, currency)}` : undefined,
  ];
}

export const csvTime = (at: SQL) => orgDateTimeTextSql(at);

/** How a payment was made, as people name it ("Visa •••• 4242", "Bank (ACH)", "Check"). */
export const paymentMethodSql = (p: string) => sql`case ${sql.raw(p)}.type
  when 'card' then trim(concat_ws(' ', initcap(replace(coalesce(${sql.raw(p)}.card_wallet, ${sql.raw(p)}.card_brand, 'card'), '_', ' ')), '•••• ' || ${sql.raw(p)}.card_last4))
  when 'bank' then trim(concat_ws(' ', 'Bank (ACH)', '•••• ' || ${sql.raw(p)}.bank_last4)) when 'cheque' then 'Check' when 'cash' then 'Cash'
  when 'paypal' then 'PayPal' else 'Other' end`;

/** The organisation currency's rate column and converted amount, for CSVs. */
export const csvRate = (rate: SQL) => sql`rtrim(rtrim((${rate})::text, '0'), '.')`;

/** The organisation currency, read once per statement (as `orgTimeZoneSql` reads the zone). */
export const orgCurrencySql = sql`coalesce((select value #>> '{}' from settings where key = 'site_currency'), 'USD')`;

/** Minor units of the organisation currency as the CSV's exact decimal text. */
export const csvOrgMoney = (minor: SQL) => decimalSql(minor, orgCurrencySql);

/** An amount at a row's rate, in the organisation currency, as the CSV's exact text. */
export const csvOrgConverted = (minor: SQL, rate: SQL, currency: SQL) =>
  csvOrgMoney(sql`round((${minor})::numeric * (${rate})::numeric * power(10::numeric, ${digitsSql(orgCurrencySql)}) / power(10::numeric, ${digitsSql(currency)}))`);

/** Minor units of the organisation currency as the API's decimal number. */
export const apiOrgMoney = (minor: SQL) => apiMoney(sql`(${minor})`, orgCurrencySql);
