import { type AvailableNumber, type NumberSearchQuery, type PhoneNumber, numberMessages, phoneForms, type ProvisionNumber } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { type Actor, withActor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import { NumberProviderError, type NumberProvider } from '../../integrations/numbers/index.ts';
import { queryRows } from '../../listing/engine.ts';

type Row = Record<string, unknown>;
const toType = (t: unknown): PhoneNumber['type'] => (t === 'toll_free' ? 'toll-free' : 'local');

/** Provisioned numbers still in use, each with its keywords, newest first. */
export async function listNumbers(q: Queryable): Promise<PhoneNumber[]> {
  const rows = await queryRows(q, sql`
    select n.*, coalesce(json_agg(json_build_object('id', k.id, 'keyword', k.keyword) order by k.keyword) filter (where k.id is not null), '[]') as keywords
      from phone_numbers n left join messenger_keywords k on k.phone_number_id = n.id
     where n.released_at is null group by n.id order by n.id desc`);
  return rows.map(toPhoneNumber);
}

function toPhoneNumber(r: Row): PhoneNumber {
  const keywords = (typeof r.keywords === 'string' ? JSON.parse(r.keywords) : r.keywords) as PhoneNumber['keywords'];
  return {
    id: Number(r.id), full: String(r.identifier), short: String(r.short_form), type: toType(r.type), country: String(r.country),
    area_code: r.area_code === null ? null : String(r.area_code), verification_status: r.verification_status === null ? null : String(r.verification_status),
    keywords: keywords ?? [], created_at: new Date(r.created_at as string).toISOString(),
  };
}

/** The provider's numbers for sale, in the two forms staff see. */
export async function searchNumbers(provider: NumberProvider, query: NumberSearchQuery): Promise<AvailableNumber[]> {
  try {
    const found = await provider.search({ country: query.country, type: query.type, areaCode: query.area_code });
    return found.map((n) => phoneForms(n, query.country));
  } catch (error) {
    throw providerFailure(error, (message) => message);
  }
}

/** A provider refusal as a 422 with its words; an unreachable provider as a 503. */
function providerFailure(error: unknown, wrap: (message: string) => string): AppError {
  if (error instanceof NumberProviderError) return new AppError('validation', wrap(error.message), error.fields ?? { _: [error.message] });
  if (error instanceof AppError) return error;
  return new AppError('unavailable', wrap(numberMessages.unknownError));
}

/**
 * Buys the number at the provider, submits a toll-free number's verification, then records it.
 * A step that fails undoes the ones before it (the number goes back), so nothing is half-bought.
 */
export async function provisionNumber(db: Db, actor: Actor, provider: NumberProvider, v: ProvisionNumber): Promise<PhoneNumber> {
  const forms = phoneForms(v.phone_number);
  const [taken] = await queryRows(db, sql`select id from phone_numbers where identifier = ${forms.full} and released_at is null`);
  if (taken) throw new AppError('validation', numberMessages.alreadyProvisioned, { phone_number: [numberMessages.alreadyProvisioned] });
  const failed = (message: string) => `${numberMessages.provisionFailed(forms.full)}: ${message}`;
  let reference: string;
  try {
    ({ reference } = await provider.provision(forms.full));
  } catch (error) {
    throw providerFailure(error, failed);
  }
  try {
    const verification = v.is_toll_free ? await provider.verifyTollFree(reference, v.verification) : null;
    const country = v.country;
    return await withActor(db, actor, async (tx) => {
      const [row] = await queryRows(tx, sql`
        insert into phone_numbers (identifier, short_form, type, country, area_code, provider_reference, provisioned_by, verification, verification_reference, verification_status)
        values (${forms.full}, ${forms.short}, ${v.is_toll_free ? 'toll_free' : 'local'}, ${country}, ${v.is_toll_free ? null : areaCodeOf(forms.full, country)},
                ${reference}, ${actor.userId}, ${v.verification ? JSON.stringify(v.verification) : null}::jsonb, ${verification?.reference ?? null}, ${verification?.status ?? null})
        returning *, '[]'::json as keywords`);
      return toPhoneNumber(row as Row);
    });
  } catch (error) {
    await provider.release(reference).catch(() => undefined);
    throw providerFailure(error, failed);
  }
}

function areaCodeOf(full: string, country: string): string | null {
  if (country === 'US' || country === 'CA') return full.slice(2, 5);
  if (country === 'AU') return full.slice(3, 4);
  return full.slice(3, 5);
}

/** Gives the number back to the provider, then marks it released and frees its keywords. */
export async function releaseNumber(db: Db, actor: Actor, provider: NumberProvider, id: number): Promise<{ id: number; message: string }> {
  const [row] = await queryRows(db, sql`select * from phone_numbers where id = ${id} and released_at is null`);
  if (!row) throw new AppError('not_found', numberMessages.notFound);
  const shown = String(row.short_form);
  try {
    if (row.provider_reference) await provider.release(String(row.provider_reference));
  } catch (error) {
    throw providerFailure(error, () => numberMessages.releaseFailed(shown));
  }
  await withActor(db, actor, async (tx) => {
    await tx.execute(sql`delete from messenger_keywords where phone_number_id = ${id}`);
    await tx.execute(sql`update phone_numbers set released_at = now(), updated_at = now() where id = ${id}`);
  });
  return { id, message: numberMessages.released(shown) };
}

export async function addKeyword(db: Db, actor: Actor, numberId: number, keyword: string): Promise<{ id: number; keyword: string; message: string }> {
  return withActor(db, actor, async (tx) => {
    const [number] = await queryRows(tx, sql`select id from phone_numbers where id = ${numberId} and released_at is null for update`);
    if (!number) throw new AppError('not_found', numberMessages.notFound);
    const [row] = await queryRows(tx, sql`insert into messenger_keywords (phone_number_id, keyword) values (${numberId}, ${keyword})
      on conflict (keyword) do nothing returning id`);
    if (!row) throw new AppError('validation', numberMessages.keywordTaken, { keyword: [numberMessages.keywordTaken] });
    return { id: Number(row.id), keyword, message: numberMessages.keywordAdded(keyword) };
  });
}

export async function removeKeyword(db: Db, actor: Actor, id: number): Promise<{ id: number; message: string }> {
  return withActor(db, actor, async (tx) => {
    const [row] = await queryRows(tx, sql`delete from messenger_keywords where id = ${id} returning keyword`);
    if (!row) throw new AppError('not_found', 'This keyword does not exist.');
    return { id, message: numberMessages.keywordRemoved(String(row.keyword)) };
  });
}
