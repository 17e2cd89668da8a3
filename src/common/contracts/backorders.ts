import { BACKORDER_SHIPPING } from '../domain/backorders';
import { incomingStageSchema } from './lots';
import { z } from './zod';

/*
 * Backorders against incoming loads (docs/decisions/0238-backorder-allocation.md): a cart line's
 * split ("3 now, 47 about Dec 20 (on vessel)") and shipping choice, and what an order line promised.
 */

export const backorderShippingSchema = z.enum(BACKORDER_SHIPPING, { error: 'Shipping must be split or together' });

/** One load's part of a line: its boxes and the load's ETA and stage. */
export const backorderPart = z.object({
  quantity: z.int(),
  eta: z.string(),
  stage: incomingStageSchema,
});

/** A cart line for more than is in stock: how it would be placed now. */
export const cartBackorderLine = z.object({
  productId: z.int(),
  quantity: z.int(),
  /** The most boxes the line may hold: stock + what the loads can still promise. */
  cap: z.int(),
  /** Boxes from stock on hand. */
  now: z.int(),
  /** Boxes promised from loads, soonest first. */
  later: z.array(backorderPart),
  /** Boxes neither stock nor loads cover: placing is refused while this is above 0. */
  uncovered: z.int(),
  shipping: backorderShippingSchema,
  /** "3 now, 47 about Dec 20 (on vessel)"; empty while the line is within the stock. */
  text: z.string(),
});
export type CartBackorderLine = z.infer<typeof cartBackorderLine>;

/** GET /api/carts/{id}/backorders: the lines past the stock or with loads to pass it, in cart order. */
export const cartBackordersResponse = z.object({ lines: z.array(cartBackorderLine) });
export type CartBackordersResponse = z.infer<typeof cartBackordersResponse>;

/** PUT /api/carts/{id}/backorders/{productId}. */
export const setBackorderShippingBody = z.object({ shipping: backorderShippingSchema });
export type SetBackorderShippingBody = z.infer<typeof setBackorderShippingBody>;

/** An order line's backordered part: the ETA as it is now and as first promised, and whether it arrived. */
export const orderBackorderPart = z.object({
  ...backorderPart.shape,
  promisedEta: z.string(),
  state: z.enum(['allocated', 'arrived']),
});

export const orderBackorderView = z.object({
  now: z.int(),
  later: z.array(orderBackorderPart),
  shipping: backorderShippingSchema,
  text: z.string(),
});
export type OrderBackorderView = z.infer<typeof orderBackorderView>;
