import { z } from 'zod';

/**
 * Domain events: what happened, written in the same transaction as the change (the outbox) and
 * read by consumers (webhooks, CRM sync, mail, reports) through the job queue. A payload change
 * that breaks readers gets a new version; the catalogue is served in the API reference.
 */
const id = z.number().int().positive();
const money = z.object({ amount: z.number(), currency: z.string().length(3) });

const contributionRef = z.object({ contribution_id: id, supporter_id: id.nullable() });

export const domainEventCatalogue = {
  'contribution.paid': {
    version: 1,
    description: 'A contribution was paid in full.',
    schema: contributionRef.extend({ total: money }),
    sample: { contribution_id: 1042, supporter_id: 311, total: { amount: 48, currency: 'USD' } },
  },
  'contribution.refunded': {
    version: 1,
    description: 'Money was refunded on a contribution, in full or in part.',
    schema: contributionRef.extend({ refund_id: id, refunded: money, fully_refunded: z.boolean() }),
    sample: { contribution_id: 1042, supporter_id: 311, refund_id: 77, refunded: { amount: 10, currency: 'USD' }, fully_refunded: false },
  },
  'contribution.updated': {
    version: 1,
    description: 'A contribution was changed by staff: the names of the fields that changed.',
    schema: contributionRef.extend({ changes: z.array(z.string()) }),
    sample: { contribution_id: 1042, supporter_id: 311, changes: ['is_spam'] },
  },
  'contribution.deleted': {
    version: 1,
    description: 'A contribution was deleted (soft delete: its money rows are kept).',
    schema: contributionRef,
    sample: { contribution_id: 1042, supporter_id: 311 },
  },
  'supporter.created': {
    version: 1,
    description: 'A supporter was added.',
    schema: z.object({ supporter_id: id, email: z.string().nullable() }),
    sample: { supporter_id: 311, email: 'ada@example.org' },
  },
  'supporter.updated': {
    version: 1,
    description: 'A supporter was changed: the names of the fields that changed.',
    schema: z.object({ supporter_id: id, changes: z.array(z.string()) }),
    sample: { supporter_id: 311, changes: ['email'] },
  },
  'recurring_profile.changed': {
    version: 1,
    description: 'A recurring payment profile changed status or amount.',
    schema: z.object({ recurring_profile_id: id, supporter_id: id.nullable(), status: z.string() }),
    sample: { recurring_profile_id: 55, supporter_id: 311, status: 'Suspended' },
  },
  'sponsorship.started': {
    version: 1,
    description: 'A supporter started sponsoring someone.',
    schema: z.object({ sponsorship_id: id, sponsor_id: id, supporter_id: id.nullable() }),
    sample: { sponsorship_id: 9, sponsor_id: 120, supporter_id: 311 },
  },
  'sponsorship.ended': {
    version: 1,
    description: 'A sponsorship ended, with the reason given.',
    schema: z.object({ sponsorship_id: id, sponsor_id: id, supporter_id: id.nullable(), reason: z.string().nullable() }),
    sample: { sponsorship_id: 9, sponsor_id: 120, supporter_id: 311, reason: 'Graduated' },
  },
  'user.invited': {
    version: 1,
    description: 'A staff user was created without a password and sent an invitation.',
    schema: z.object({ user_id: id }),
    sample: { user_id: 12 },
  },
} as const satisfies Record<string, { version: number; description: string; schema: z.ZodType; sample: unknown }>;

export type DomainEventType = keyof typeof domainEventCatalogue;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventCatalogue)[T]['schema']>;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventCatalogue) as DomainEventType[];

/** The catalogue as served at GET /jpanel/events/catalogue.json. */
export const domainEventCatalogueEntrySchema = z.object({
  type: z.string(),
  version: z.number().int(),
  description: z.string(),
  sample: z.record(z.string(), z.unknown()),
  schema: z.record(z.string(), z.unknown()),
});
export type DomainEventCatalogueEntry = z.infer<typeof domainEventCatalogueEntrySchema>;

export function domainEventCatalogueEntries(): DomainEventCatalogueEntry[] {
  return DOMAIN_EVENT_TYPES.map((type) => {
    const entry = domainEventCatalogue[type];
    return {
      type,
      version: entry.version,
      description: entry.description,
      sample: entry.sample as Record<string, unknown>,
      schema: z.toJSONSchema(entry.schema) as Record<string, unknown>,
    };
  });
}
