import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { promoCodes } from '../promos/promos.tables.ts';
import { contributions } from './contributions.tables.ts';

export const contributionPromoCodes = pgTable(
  'contribution_promo_codes',
  {
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
  },
  (t) => [primaryKey({ columns: [t.contributionId, t.promoCodeId] }), index('contribution_promo_codes_promo_idx').on(t.promoCodeId)],
);
