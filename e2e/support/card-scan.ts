import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * Issue 9: no card number may appear in any request Almoner receives, any table or any log line
 * during the whole browser suite; issue 40: nor the bank account typed into the Bank tab with Stripe chosen. Run by the global teardown once the server has stopped.
 *
 * A card number here is a run of 13 to 19 digits (together, or in groups split by one space or
 * dash, as card fields mask them) that passes the Luhn check and starts with a card network's
 * prefix (Visa, Mastercard, Amex, Discover, Diners, JCB, UnionPay), standing on its own: not
 * inside a longer word of letters and digits. The prefix keeps epoch milliseconds from passing
 * for cards one time in ten; the word boundary keeps digit stretches of SHA-256 hashes and
 * tokens (the sandbox ledger's request_hash) out.
 */
const RUNS = /(?<![\dA-Za-z-])(?:\d{13,19}|\d{4,6}(?:(?:[ +-]|%20)\d{4,6}){2,3})(?![\dA-Za-z-])/g;
const NETWORK = /^(4|5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720)|3[0-9]|6(011|2|4[4-9]|5))/;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function findCardNumbers(text: string): string[] {
  return [...text.matchAll(RUNS)]
    .map((match) => match[0].replace(/[ -]/g, ''))
    .filter((digits) => digits.length >= 13 && digits.length <= 19 && NETWORK.test(digits) && passesLuhn(digits));
}

/**
 * Issue 40: the bank account the Stripe bank-debit test types into the Bank tab with Stripe chosen
 * (e2e/stripe-pos-bank.e2e.ts). It goes from the browser to Stripe, so it may appear nowhere
 * Almoner keeps or receives anything; used by no other test (the sandbox's Bank tab sends its
 * account to Almoner by design), so finding it means the Stripe path leaked it.
 */
export const STRIPE_ONLY_BANK_ACCOUNT = '000555666777';

/** The Stripe-only bank account wherever it stands in `text`, as typed or split by spaces or dashes. */
export function findStripeBankAccounts(text: string): string[] {
  const digits = text.replace(/(?<=\d)[ -](?=\d)/g, '');
  return digits.includes(STRIPE_ONLY_BANK_ACCOUNT) ? [STRIPE_ONLY_BANK_ACCOUNT] : [];
}

/** Where each card number was found: "where: …digits… (last four)", the number itself masked. */
type Finding = { where: string; last4: string };

const mask = (digits: string) => `${digits.slice(0, 2)}…${digits.slice(-4)}`;

/** The suite's three places: the server's output, the captured requests, every row of every table. */
export async function scanForCardNumbers(options: { dataDir: string; serverOutput: string; requestsFile: string; databaseUrl?: string }): Promise<string[]> {
  // The scanner must find what it looks for, or a clean result proves nothing.
  if (findCardNumbers('x 4242 4242 4242 4242 y 4000000000000002').length !== 2) throw new Error('card scan: the scanner misses test cards');
  if (findStripeBankAccounts(`account_number=${STRIPE_ONLY_BANK_ACCOUNT.replace(/(\d{3})/g, '$1 ')}`).length !== 1) throw new Error('card scan: the scanner misses the Stripe-only bank account');
  const findings: Finding[] = [];
  const add = (where: string, text: string) =>
    findings.push(
      ...findCardNumbers(text).map((digits) => ({ where, last4: mask(digits) })),
      ...findStripeBankAccounts(text).map((digits) => ({ where: `${where} (bank account typed for Stripe)`, last4: mask(digits) })),
    );

  options.serverOutput.split('\n').forEach((line, i) => add(`server log line ${i + 1}`, line));
  if (!existsSync(options.requestsFile)) throw new Error(`card scan: no captured requests at ${options.requestsFile}`);
  const requests = readFileSync(options.requestsFile, 'utf8');
  let request = '';
  for (const line of requests.split('\n')) {
    if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \//.test(line)) request = line.slice(0, 120);
    add(`request ${request}`, line);
  }

  // Uploaded files (signed uploads stream into storage/ rather than through the capture); text ones only.
  const storage = join(options.dataDir, 'storage');
  if (existsSync(storage)) {
    for (const entry of readdirSync(storage, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const content = readFileSync(join(entry.parentPath, entry.name));
      if (!content.includes(0)) add(`uploaded file ${entry.name}`, content.toString('utf8'));
    }
  }

  const db = await openTables(options);
  try {
    const tables = await db.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    for (const { name } of tables.rows) {
      const rows = await db.query<{ id: string | null; row: string }>(`select row_to_json(t)->>'id' as id, row_to_json(t)::text as row from ${name} t`);
      for (const row of rows.rows) add(`table ${name} row id ${row.id ?? '?'}`, row.row);
    }
  } finally {
    await db.close();
  }
  if (requests.length === 0) throw new Error('card scan: the captured requests file is empty');
  return findings.map((f) => `${f.where}: ${f.last4}`);
}

type Tables = { query<T>(sql: string): Promise<{ rows: T[] }>; close(): Promise<void> };

/** The server's database: its PostgreSQL database when it ran on one, else its PGlite folder. */
async function openTables(options: { dataDir: string; databaseUrl?: string }): Promise<Tables> {
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    return {
      query: async <T>(sql: string) => ({ rows: (await client.query(sql)).rows as T[] }),
      close: () => client.end(),
    };
  }
  const db = await PGlite.create({ dataDir: join(options.dataDir, 'db'), extensions: { pg_trgm } });
  return { query: <T>(sql: string) => db.query<T>(sql), close: () => db.close() };
}
