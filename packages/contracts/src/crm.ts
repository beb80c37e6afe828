import { z } from 'zod';
import { email, optionalText, text } from './rules.ts';

/**
 * The donor CRM (DonorPerfect): connection settings and test (spec part 2 §7 "verify_connection",
 * §8 "Works!/Failed!"), code lookups (part 3 §7), the donor and gift modals (part 1 §7) and the
 * sync of contributions and refunds. The features depend on the DP edition setting (`edition_dp`).
 */
export const CRM_PROVIDERS = ['sandbox', 'donorperfect'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
/**
 * The built-in sandbox CRM's test credentials (README, "Donor CRM"): its connection test answers
 * true for this API key, or for this user name and password, and false for anything else, as a
 * real CRM would for wrong credentials.
 */
export const SANDBOX_CRM_CREDENTIALS = { apikey: 'sandbox-crm-test-key', username: 'sandbox', password: 'sandbox-password' } as const;
export const crmProviderLabels: Record<CrmProvider, string> = { sandbox: 'Sandbox (built in)', donorperfect: 'DonorPerfect' };

export const DONORPERFECT_API_URL = 'https://www.donorperfect.net/prod/xmlrequest.asp';

export const crmMessages = {
  works: 'Works!',
  failed: 'Failed!',
  provider: 'Choose one of the listed donor CRMs.',
  apiUrl: 'Enter the full address of the API, starting with https:// (or http://127.0.0.1 for a local stand-in).',
  webUrl: 'Enter the full address of the CRM\'s web screens, starting with https://.',
  credentials: 'Enter an API key, or a user name and password.',
  saved: 'Donor CRM connection saved.',
  disabled: 'The donor CRM is not enabled. Turn on the DP edition in Settings first.',
  code: 'Codes are named with letters, digits and underscores (such as GL_CODE).',
  noCodes: (code: string) => `No ${code} codes in DPO.`,
  cacheCleared: 'The donor CRM code lists will be read again.',
  donorNotFound: 'This donor is not in the donor CRM.',
  giftNotFound: 'This gift is not in the donor CRM.',
  unreachable: 'The donor CRM could not be reached. Please try again later.',
  syncNotFound: 'This sync record does not exist.',
  queued: 'Sent to the donor CRM.',
  resyncWarning:
    'Resyncing updates the gift in the donor CRM where it still has it. Otherwise a new gift id is created in the CRM, and the previous gift must be deleted there.',
  newGiftWarning: (previous: string) => `A new gift id was created in the donor CRM: delete the previous gift ${previous} there.`,
  resynced: (id: number, gifts: string) => `Transaction #${id} was resynced to the donor CRM (gift ${gifts}).`,
  resyncFailed: (id: number, why: string) => `Transaction #${id} could not be resynced to the donor CRM: ${why}`,
  nothingToSync: (id: number) => `Transaction #${id} paid no contribution that can go to the donor CRM.`,
  giftNotSynced: 'The gift is not in the donor CRM yet; the refund follows once it is.',
} as const;

/** Credentials are never answered; the form shows whether one is stored. */
export const crmConnectionSchema = z.object({
  provider: z.enum(CRM_PROVIDERS),
  api_url: z.string(),
  web_url: z.string(),
  username: z.string(),
  has_password: z.boolean(),
  has_apikey: z.boolean(),
  enabled: z.boolean(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

const isHttpUrl = (v: string) => v === '' || /^https:\/\/[^\s]+$/i.test(v) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/[^\s]*)?$/i.test(v);

/** Blank password or key keeps the stored one; `clear_*` forgets it. */
export const crmConnectionUpdateSchema = z.object({
  provider: z.enum(CRM_PROVIDERS, { error: crmMessages.provider }),
  api_url: text().trim().max(500).refine(isHttpUrl, { error: crmMessages.apiUrl }).default(''),
  web_url: text().trim().max(500).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: crmMessages.webUrl }).default(''),
  username: text().trim().max(100).default(''),
  password: text().max(200).default(''),
  apikey: text().trim().max(500).default(''),
  clear_password: z.boolean().default(false),
  clear_apikey: z.boolean().default(false),
});
export type CrmConnectionUpdate = z.input<typeof crmConnectionUpdateSchema>;

/** Spec part 2 §7: username, password, apikey. Blank values use the stored ones; provider and api_url let the form test before saving. */
export const crmVerifySchema = z.object({
  username: text().trim().max(100).default(''),
  password: text().max(200).default(''),
  apikey: text().trim().max(500).default(''),
  provider: z.enum(CRM_PROVIDERS, { error: crmMessages.provider }).optional(),
  api_url: text().trim().max(500).refine(isHttpUrl, { error: crmMessages.apiUrl }).optional(),
});

/** GET /jpanel/donor/codes/{code}.json: the CRM's code field, such as GL_CODE or CAMPAIGN. */
export const crmCodeParam = z.object({ code: text(crmMessages.code).trim().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { error: crmMessages.code }).transform((v) => v.toUpperCase()) });
export const crmCodeSchema = z.object({ code: z.string(), description: z.string() });
export type CrmCode = z.infer<typeof crmCodeSchema>;

/** A donor CRM id: digits (DonorPerfect ids are integers). */
export const crmId = text(crmMessages.donorNotFound).trim().regex(/^\d{1,18}$/, { error: crmMessages.donorNotFound });

/** POST /jpanel/donors/view (spec part 1 §7): id, first_name, last_name, email; the names and email find other donors that may be the same person. */
export const donorViewRequestSchema = z.object({
  id: z.union([z.number().int().nonnegative().transform(String), crmId]),
  first_name: optionalText(45),
  last_name: optionalText(45),
  email: z.preprocess((v) => (v === '' ? null : v), email(100).nullish()),
});
export const giftViewRequestSchema = z.object({ id: z.union([z.number().int().positive().transform(String), crmId]) });

export const crmDonorSchema = z.object({
  donor_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  url: z.string().nullable(),
});
export type CrmDonor = z.infer<typeof crmDonorSchema>;

export const crmGiftSchema = z.object({
  gift_id: z.string(),
  donor_id: z.string(),
  record_type: z.string(),
  gift_date: z.string(),
  amount: z.number(),
  gl_code: z.string(),
  campaign: z.string(),
  solicit_code: z.string(),
  reference: z.string(),
  gift_narrative: z.string(),
  url: z.string().nullable(),
});
export type CrmGift = z.infer<typeof crmGiftSchema>;

export const donorViewSchema = z.object({
  donor: crmDonorSchema,
  gifts: z.array(crmGiftSchema),
  pledges: z.array(crmGiftSchema),
  similar: z.array(crmDonorSchema),
});
export type DonorView = z.infer<typeof donorViewSchema>;

export const giftViewSchema = z.object({ gift: crmGiftSchema, donor: crmDonorSchema.nullable() });
export type GiftView = z.infer<typeof giftViewSchema>;

/** A contribution's (or refund's) way to the CRM. */
export const CRM_SYNC_STATUSES = ['pending', 'sending', 'synced', 'failed'] as const;
export const crmSyncSchema = z.object({
  id: z.number(),
  kind: z.enum(['gift', 'refund']),
  contribution_id: z.number(),
  refund_id: z.number().nullable(),
  status: z.enum(CRM_SYNC_STATUSES),
  donor_id: z.string().nullable(),
  gift_id: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  synced_at: z.string().nullable(),
  updated_at: z.string(),
});
export type CrmSync = z.infer<typeof crmSyncSchema>;
export const crmSyncListSchema = z.object({ enabled: z.boolean(), records: z.array(crmSyncSchema) });
export type CrmSyncList = z.infer<typeof crmSyncListSchema>;
export const crmSyncAnswerSchema = z.object({ status: z.enum(['success', 'error']), message: z.string(), record: crmSyncSchema });

/**
 * Donor import (spec part 3 §2.11 and §7 "POST /jpanel/donors/import with create_login"): every
 * donor in the CRM becomes a supporter, or is linked to the supporter already carrying its donor
 * id or e-mail. With `create_login` each new supporter with an e-mail also gets a login on the
 * public giving site, made with a random password nobody knows: the supporter sets their own
 * with the site's "Forgot password" link, so no password is ever sent or shown.
 */
export const donorImportMessages = {
  confirmFirst: 'Import every donor from the donor CRM as a supporter? Supporters already linked to a donor, or with the same e-mail, are updated instead of duplicated.',
  confirmSecond: (createLogin: boolean) =>
    createLogin
      ? 'Are you sure? This reads every donor in the CRM and gives each new supporter with an e-mail a login on the giving site. It can take up to 20 minutes and cannot be undone.'
      : 'Are you sure? This reads every donor in the CRM and can take up to 20 minutes. It cannot be undone.',
  started: 'The donor import has started. It runs in the background; this page shows its progress.',
  running: 'A donor import is already running.',
  notFound: 'This donor import does not exist.',
  finished: (created: number, updated: number) => `Donor import finished: ${created} supporters created, ${updated} updated.`,
} as const;

export const donorImportSchema = z.object({
  create_login: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'Choose whether to create logins (0 or 1).' })
    .default(0)
    .transform((v) => v === 1 || v === '1' || v === true),
});

export const DONOR_IMPORT_STATUSES = ['queued', 'running', 'complete', 'failed'] as const;
export const donorImportRunSchema = z.object({
  id: z.number(),
  status: z.enum(DONOR_IMPORT_STATUSES),
  create_login: z.boolean(),
  progress: z.number(),
  read: z.number(),
  created: z.number(),
  updated: z.number(),
  logins: z.number(),
  error: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DonorImportRun = z.infer<typeof donorImportRunSchema>;
