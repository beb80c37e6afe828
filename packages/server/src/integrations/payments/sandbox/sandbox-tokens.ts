import type { CardToken, CardTokenRequest, cardTokenRequestSchema } from '@almoner/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client.ts';
import { newReference } from './sandbox-ledger.ts';
import { cardOutcome } from './sandbox-outcomes.ts';
import { sandboxSources } from './sandbox.tables.ts';

/** A capture token lives long enough to finish a form, not longer. */
export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;

type CheckedCard = z.output<typeof cardTokenRequestSchema>;
export type { CardTokenRequest };

/**
 * Turns checked card details into a single-use capture token. Only the outcome the test number
 * stands for, the brand, the last four digits and the expiry are kept: never the number or CVC.
 */
export async function createCardToken(db: Queryable, card: CheckedCard, now = new Date()): Promise<CardToken> {
  const [source] = await db
    .insert(sandboxSources)
    .values({
      reference: newReference('tok'),
      type: 'card',
      outcome: cardOutcome(card.number),
      brand: card.brand,
      last4: card.number.slice(-4),
      expMonth: card.month,
      expYear: card.year,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    })
    .returning();
  if (!source) throw new Error('token not stored');
  return { token: source.reference, card: { brand: card.brand, last4: source.last4, exp_month: card.month, exp_year: card.year } };
}
