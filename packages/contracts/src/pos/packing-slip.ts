import { z } from 'zod';

/**
 * The packing slip the point of sale's finished screen prints (spec part 3 §2.3 "Print" →
 * /jpanel/contributions/packing_slip?print&id={id}). What to pack and where to send it: no
 * prices, which a packing slip does not show.
 */
export const packingSlipQuerySchema = z.object({
  id: z.coerce
    .number({ error: 'This contribution does not exist.' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const address = z.object({
  name: z.string().nullable(),
  organization: z.string().nullable(),
  lines: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PackingSlipAddress = z.infer<typeof address>;

export const packingSlipSchema = z.object({
  id: z.number(),
  number: z.string(),
  org_name: z.string(),
  ordered_at: z.string(),
  billing: address,
  shipping: address,
  shipping_method: z.string().nullable(),
  comments: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      description: z.string(),
      code: z.string().nullable(),
      qty: z.number(),
      requires_shipping: z.boolean(),
    }),
  ),
  total_qty: z.number(),
});
export type PackingSlip = z.infer<typeof packingSlipSchema>;
