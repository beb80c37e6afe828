import { z } from 'zod';

/**
 * Duplicate supporters (issue 16 item 6; not in the spec, so the words and routes are ours).
 * Routes: `/jpanel/api/v1/supporters/duplicates…` for candidates and scans,
 * `/jpanel/api/v1/supporters/merges/{id}` for a merge and its undo.
 */
export const duplicateMessages = {
  scanStarted: 'The scan for duplicates has started.',
  scanRunning: 'A scan for duplicates is already running.',
  dismissed: 'Marked as not a duplicate.',
  merged: 'The supporters have been merged.',
  undone: 'The merge has been undone.',
  confirmMerge: 'Merge these supporters? The second supporter’s records move to the surviving supporter. You can undo the merge afterwards.',
  confirmUndo: 'Undo this merge? Every moved record goes back to the supporter it came from.',
  notFound: 'This duplicate candidate no longer exists.',
  winnerInvalid: 'Choose one of the two supporters to keep.',
  choiceInvalid: 'Choose the value to keep from one of the two supporters.',
  alreadyMerged: 'One of these supporters has already been merged.',
  sameSponsorship: 'Both supporters sponsor the same sponsorship: end one of the sponsorships first.',
  alreadyUndone: 'This merge has already been undone.',
  changedSince:
    'This merge can no longer be undone exactly: records of these supporters have changed since it was made.',
  empty: 'No duplicate candidates. Run a scan to look for them.',
} as const;

/** Why a pair was proposed: one badge each. */
export const DUPLICATE_REASONS = ['email', 'phone', 'name', 'address'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const duplicateReasonLabels: Record<DuplicateReason, string> = {
  email: 'Same e-mail',
  phone: 'Same phone',
  name: 'Similar name',
  address: 'Similar address',
};

/** Supporter fields whose surviving value staff choose on the merge screen (API keys = DB columns). */
export const MERGE_FIELDS = [
  'title', 'first_name', 'last_name', 'email', 'bill_organization_name', 'bill_phone', 'bill_address_01',
  'bill_address_02', 'bill_city', 'bill_state', 'bill_zip', 'bill_country', 'donor_id', 'referral_source', 'membership_number',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const mergeFieldLabels: Record<MergeField, string> = {
  title: 'Title', first_name: 'First name', last_name: 'Last name', email: 'E-mail',
  bill_organization_name: 'Organization', bill_phone: 'Phone', bill_address_01: 'Address', bill_address_02: 'Address line 2',
  bill_city: 'City', bill_state: 'State', bill_zip: 'ZIP', bill_country: 'Country', donor_id: 'Donor id', referral_source: 'Referral source',
  membership_number: 'Membership number',
};

export const DUPLICATES_PAGE_SIZE = 25;

export const duplicateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  supporter_id: z.coerce.number().int().positive().max(2 ** 31 - 1).optional(),
});

export const duplicateSupporterSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  contributions: z.number(),
  fields: z.object(Object.fromEntries(MERGE_FIELDS.map((f) => [f, z.string().nullable()])) as Record<MergeField, z.ZodNullable<z.ZodString>>),
});
export type DuplicateSupporter = z.infer<typeof duplicateSupporterSchema>;

export const duplicateCandidateSchema = z.object({
  id: z.number(),
  score: z.number(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  a: duplicateSupporterSchema,
  b: duplicateSupporterSchema,
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

export const duplicateScanSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number(),
  found: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;

export const duplicateListSchema = z.object({
  data: z.array(duplicateCandidateSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  scan: duplicateScanSchema.nullable(),
  can_merge: z.boolean(),
});
export type DuplicateList = z.infer<typeof duplicateListSchema>;

const choice = z.enum(['a', 'b'], { error: duplicateMessages.choiceInvalid });
export const mergeInputSchema = z.object({
  winner: z.enum(['a', 'b'], { error: duplicateMessages.winnerInvalid }),
  fields: z.strictObject(Object.fromEntries(MERGE_FIELDS.map((f) => [f, choice.optional()])) as Record<MergeField, z.ZodOptional<typeof choice>>, { error: duplicateMessages.choiceInvalid }).optional().default({}),
});
export type MergeInput = z.input<typeof mergeInputSchema>;

export const mergeSchema = z.object({
  id: z.number(),
  winner: z.object({ id: z.number(), display_name: z.string() }),
  loser: z.object({ id: z.number(), display_name: z.string() }),
  /** Rows moved per `table.column`. */
  moved: z.array(z.object({ reference: z.string(), count: z.number() })),
  contributions: z.array(z.object({ id: z.number(), amount: z.number(), currency_code: z.string(), ordered_at: z.string().nullable() })),
  merged_at: z.string(),
  undone_at: z.string().nullable(),
  can_undo: z.boolean(),
});
export type Merge = z.infer<typeof mergeSchema>;
