import type { contributionItems } from '../modules/contributions/contributions.tables.ts';
import type { Catalog, VariantRef } from './catalog.ts';
import type { ChunkRows } from './chunk.ts';
import type { SeedContext } from './context.ts';
import type { SupporterRef } from './people.ts';
import type { Plan } from './plan.ts';
import type { Rng } from './prng.ts';
import type { Reference } from './reference.ts';
import type { SponseeRef } from './sponsee-ref.ts';

/** A fundraising page as gifts need it. */
export type PageRef = { id: number; authorIndex: number; createdAt: number; closedAt: number | null; title: string };

/** Everything built before the contributions, read while generating them. */
export type World = {
  ctx: SeedContext;
  reference: Reference;
  catalog: Catalog;
  people: SupporterRef[];
  sponsees: SponseeRef[];
  /** Sorted by createdAt. */
  pages: PageRef[];
  plan: Plan;
  /** Profile index → how the start order came in; charges reuse it. */
  profileSources: string[];
};

/** Who pays: a supporter, or a guest typed into the checkout. */
export type Buyer = {
  supporter: SupporterRef | null;
  accountTypeId: number;
  title: string | null;
  firstName: string;
  lastName: string;
  organization: string | null;
  email: string;
  address01: string;
  address02: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  isSpam: boolean;
};

export type PaymentKind = 'card' | 'bank' | 'paypal' | 'cheque' | 'cash' | 'unknown';

/** How the contribution came in. */
export type Channel = { source: string; isPos: boolean; web: boolean; createdBy: number | null; paymentType: PaymentKind };

export type ItemRow = typeof contributionItems.$inferInsert;

export type Line = { row: ItemRow; variant: VariantRef | null; receiptable: boolean; shippableUnits: number };

/** A contribution being assembled. */
export type Draft = {
  world: World;
  chunk: ChunkRows;
  rng: Rng;
  id: number;
  t: number;
  buyer: Buyer;
  channel: Channel;
  lines: Line[];
  promoId: number | null;
  /** Decided up front: unpaid drafts (abandoned carts, declined charges) grant nothing. */
  paid: boolean;
};
