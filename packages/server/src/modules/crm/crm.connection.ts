import { type CrmConnection, type CrmProvider, CRM_PROVIDERS, type CrmConnectionUpdate, crmConnectionUpdateSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { createDonorPerfectClient } from '../../integrations/crm/donorperfect-client.ts';
import type { CrmCredentials, DonorCrm } from '../../integrations/crm/crm.ts';
import { createSandboxCrm } from '../../integrations/crm/sandbox-crm.ts';
import { decrypt, encrypt } from '../auth/crypto.ts';
import { getSettings } from '../settings/settings.service.ts';
import { crmConnection } from './crm.tables.ts';

let appKey: Buffer | null = null;
let timeoutMs: number | undefined;

/** Called once per process (app start) with the key that seals the CRM password and API key. */
export function configureCrm(options: { appKey: Buffer; timeoutMs?: number }): void {
  appKey = options.appKey;
  timeoutMs = options.timeoutMs;
}

const key = () => {
  if (!appKey) throw new Error('configureCrm was not called');
  return appKey;
};

type StoredConnection = { provider: CrmProvider; apiUrl: string; webUrl: string; username: string; password: string; apikey: string };

async function loadStored(q: Queryable): Promise<StoredConnection> {
  const [row] = await q.select().from(crmConnection);
  const provider = CRM_PROVIDERS.find((p) => p === row?.provider) ?? 'sandbox';
  return {
    provider,
    apiUrl: row?.apiUrl ?? '',
    webUrl: row?.webUrl ?? '',
    username: row?.username ?? '',
    password: row?.passwordSealed ? decrypt(key(), row.passwordSealed) : '',
    apikey: row?.apikeySealed ? decrypt(key(), row.apikeySealed) : '',
  };
}

/** The connection as the settings form shows it: whether secrets are stored, never the secrets. */
export async function readConnection(q: Queryable): Promise<CrmConnection> {
  const [[row], { edition_dp }] = await Promise.all([q.select().from(crmConnection), getSettings(q, ['edition_dp'])]);
  return {
    provider: CRM_PROVIDERS.find((p) => p === row?.provider) ?? 'sandbox',
    api_url: row?.apiUrl ?? '',
    web_url: row?.webUrl ?? '',
    username: row?.username ?? '',
    has_password: Boolean(row?.passwordSealed),
    has_apikey: Boolean(row?.apikeySealed),
    enabled: edition_dp,
  };
}

export async function saveConnection(q: Queryable, input: CrmConnectionUpdate): Promise<CrmConnection> {
  const update = crmConnectionUpdateSchema.parse(input);
  const seal = (value: string, clear: boolean) => (value ? encrypt(key(), value) : clear ? null : undefined);
  const password = seal(update.password, update.clear_password);
  const apikey = seal(update.apikey, update.clear_apikey);
  const values = {
    provider: update.provider,
    apiUrl: update.api_url,
    webUrl: update.web_url,
    username: update.username,
    ...(password !== undefined ? { passwordSealed: password } : {}),
    ...(apikey !== undefined ? { apikeySealed: apikey } : {}),
  };
  await q.insert(crmConnection).values({ id: 1, ...values }).onConflictDoUpdate({ target: crmConnection.id, set: { ...values, updatedAt: sql`now()` } });
  return readConnection(q);
}

export type CrmHandle = { crm: DonorCrm; provider: CrmProvider; donorUrl: (donorId: string) => string | null };

/**
 * The CRM the stored connection names (the sandbox by default). `test` replaces credentials,
 * provider or address for a connection test; blank test credentials use the stored ones.
 */
export async function crmFor(q: Queryable, test?: Partial<CrmCredentials> & { provider?: CrmProvider | undefined; apiUrl?: string | undefined }): Promise<CrmHandle> {
  const stored = await loadStored(q);
  const provider = test?.provider ?? stored.provider;
  const credentials: CrmCredentials = test
    ? test.apikey || test.username || test.password
      ? { apikey: test.apikey ?? '', username: test.username ?? '', password: test.password ?? '' }
      : { apikey: stored.apikey, username: stored.username, password: stored.password }
    : { apikey: stored.apikey, username: stored.username, password: stored.password };
  if (provider === 'sandbox') {
    return { crm: createSandboxCrm(q, test ? credentials : undefined), provider, donorUrl: (id) => `/jpanel/donor-crm/sandbox/${encodeURIComponent(id)}` };
  }
  const crm = createDonorPerfectClient({ ...credentials, apiUrl: test?.apiUrl || stored.apiUrl || undefined, timeoutMs });
  const web = stored.webUrl;
  return { crm, provider, donorUrl: (id) => (web && web.includes('{donor_id}') ? web.replace('{donor_id}', encodeURIComponent(id)) : web || null) };
}
