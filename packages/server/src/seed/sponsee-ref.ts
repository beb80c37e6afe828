/**
 * What the plan needs of a sponsee: who can be sponsored from when, and for how much. Apart from
 * sponsees.ts, which writes timeline entries for them through timeline.ts, which names this type.
 */
export type SponseeRef = { id: number; firstName: string; lastName: string; reference: string; enrolledAt: number; monthlyAmount: number; glCode: string };
