import { MAX_LOTS_PER_SKU } from '../domain/lot-limits';
import { INCOMING_STAGES } from '../domain/lots';
import { idSchema } from './common';
import { z } from './zod';

/*
 * Shade lots and incoming loads: the uploads, the ERP's PUTs, a product's availability,
 * a cart line's "one lot" switch and an order line's allocations. Row rules are the server's
 * (lots/row-rules.ts), so a file and a JSON body get the same messages.
 */

/** Most SKUs one PUT may list; a larger push goes as a file or in several calls. */
export const LOTS_BATCH_LIMIT = 20_000;

const sku = () => z.number({ error: 'SKU must be a number' }).check(z.int('SKU must be a whole number'), z.positive('SKU must be positive'));
/** A cell as an ERP may send it: a number or text; the row rules read both like a file's cell. */
const cell = () => z.optional(z.nullable(z.union([z.number(), z.string().check(z.maxLength(500))])));

export const lotInput = z.object({ lot: cell(), shade: cell(), caliber: cell(), warehouse: cell(), quantity: cell() });
export const lotsBody = z.object({
  items: z
    .array(z.object({ sku: sku(), lots: z.array(lotInput).check(z.maxLength(MAX_LOTS_PER_SKU, 'At most 1,000 lots per SKU')) }))
    .check(z.minLength(1, 'Send at least one item'), z.maxLength(LOTS_BATCH_LIMIT, `Send at most ${LOTS_BATCH_LIMIT} items at once`)),
});
export type LotsBody = z.input<typeof lotsBody>;

export const incomingInput = z.object({ quantity: cell(), eta: cell(), stage: cell(), lot: cell(), reference: cell() });
export const incomingBody = z.object({
  items: z
    .array(z.object({ sku: sku(), incoming: z.array(incomingInput).check(z.maxLength(MAX_LOTS_PER_SKU, 'At most 1,000 loads per SKU')) }))
    .check(z.minLength(1, 'Send at least one item'), z.maxLength(LOTS_BATCH_LIMIT, `Send at most ${LOTS_BATCH_LIMIT} items at once`)),
});
export type IncomingBody = z.input<typeof incomingBody>;

/** The answer of a lots or incoming upload or PUT that was applied. */
export const lotsApplyResponse = z.object({
  message: z.string(),
  /** Data rows read (a PUT: lots or loads sent). */
  rows: z.int(),
  /** SKUs whose lots (or loads) were replaced. */
  skus: z.int(),
});
export type LotsApplyResponse = z.infer<typeof lotsApplyResponse>;

export const LOTS_MESSAGES = {
  lotsUpdated: 'Lots have been updated',
  incomingUpdated: 'Incoming stock has been updated',
  rejected: 'The file was not imported; nothing was changed',
  bodyRejected: 'Nothing was changed',
} as const;

export const lotView = z.object({
  lot: z.string(),
  shade: z.nullable(z.string()),
  caliber: z.nullable(z.string()),
  warehouse: z.string(),
  quantity: z.int(),
});
export type LotView = z.infer<typeof lotView>;

export const incomingStageSchema = z.enum(INCOMING_STAGES);
export const incomingView = z.object({
  quantity: z.int(),
  eta: z.string(),
  stage: incomingStageSchema,
  lot: z.nullable(z.string()),
  /** The office's own note (a supplier PO, a container): null for anyone without edit_stock and for tokens without stock:write (docs/decisions/0204). */
  reference: z.nullable(z.string()),
});
export type IncomingView = z.infer<typeof incomingView>;
/** A load as a product's availability shows it: with the boxes still free to promise (docs/decisions/0238, 0243). */
export const availableIncomingView = z.extend(incomingView, {
  /**
   * Its boxes less what placed orders' backorders already wait for: what a new order can still take
   * from it. The server always sends it; field mode's copy on a device has no promises and leaves it out.
   */
  room: z.optional(z.int()),
});
export type AvailableIncomingView = z.infer<typeof availableIncomingView>;

/** GET /api/products/{id}/availability: lots largest first, loads soonest first. */
export const availabilityResponse = z.object({
  productId: z.int(),
  /** Boxes on hand: the sum of the lots, or the stock level for a SKU without lots (0 when it is not a number). */
  onHand: z.int(),
  /** The largest single lot's boxes; null for a SKU without lots. */
  largestLot: z.nullable(z.int()),
  largestLotCode: z.nullable(z.string()),
  /** The largest lots, at most AVAILABILITY_LIST_LIMIT (100); `moreLots` counts the rest (docs/decisions/0204). */
  lots: z.array(lotView),
  moreLots: z.int(),
  /** The soonest loads, at most AVAILABILITY_LIST_LIMIT; `moreIncoming` counts the rest. */
  incoming: z.array(availableIncomingView),
  moreIncoming: z.int(),
  /** The earliest ETA among the incoming loads; null without any. */
  nextEta: z.nullable(z.string()),
  /** Whether the signed-in user asked to be told when it is back in stock. */
  notifyRequested: z.boolean(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/**
 * GET /api/products/availability: every SKU's lots and incoming loads (no office references), for
 * field mode's copy on a rep's device (docs/decisions/0234). Lots largest first and loads soonest
 * first within a SKU, SKUs by id; answered with an ETag, so an unchanged list costs a 304.
 */
export const fieldLotView = z.extend(lotView, { productId: z.int() });
export const fieldIncomingView = z.object({ productId: z.int(), quantity: z.int(), eta: z.string(), stage: incomingStageSchema, lot: z.nullable(z.string()) });
export const allAvailabilityResponse = z.object({ lots: z.array(fieldLotView), incoming: z.array(fieldIncomingView) });
export type AllAvailabilityResponse = z.infer<typeof allAvailabilityResponse>;

/** What an order line took from one lot (copied when the order was placed). */
export const allocationView = z.object({
  lot: z.string(),
  shade: z.nullable(z.string()),
  caliber: z.nullable(z.string()),
  warehouse: z.string(),
  quantity: z.int(),
});
export type AllocationView = z.infer<typeof allocationView>;

/** A cart line's "one lot" switch (default on). */
export const cartLotChoiceParams = z.object({ id: idSchema(), productId: idSchema('Invalid product id') });
export const cartLotChoiceBody = z.object({ oneLot: z.boolean({ error: 'oneLot must be true or false' }) });

/** GET /api/carts/{id}/lots: for each line of a SKU with lots, its switch and what the lots can do for it. */
export const cartLotLine = z.object({
  productId: z.int(),
  quantity: z.int(),
  oneLot: z.boolean(),
  largestLot: z.nullable(z.int()),
  largestLotCode: z.nullable(z.string()),
  /** The line's largest lots, at most CART_LINE_LOTS_LIMIT (20); `moreLots` counts the rest (docs/decisions/0204). */
  lots: z.array(lotView),
  moreLots: z.int(),
  /** "No single lot has 60 boxes; ..." when the line is one-lot and no lot holds it (or all lots together are too few); else null. */
  warning: z.nullable(z.string()),
  /** Boxes in all the line's lots together: "Allow mixed lots" fills the line when this holds its quantity. */
  totalBoxes: z.int(),
  /**
   * Why placing now would refuse the line (docs/decisions/0209): no single lot holds a one-lot
   * line, or all lots together hold fewer boxes than the line; null when it can be placed.
   */
  conflict: z.nullable(z.enum(['no_single_lot', 'not_enough'])),
  /**
   * The lots placing the order now would take, by the rule placement uses (ADR 0185, docs/decisions/0209):
   * "1,310 from L2400A + 190 from L2410B". Empty while the line has a conflict. Stock can still move
   * before the order is placed; placement re-reads it under lock.
   */
  plan: z.array(allocationView),
});
export const cartLotsResponse = z.object({ lines: z.array(cartLotLine) });
export type CartLotsResponse = z.infer<typeof cartLotsResponse>;

export const notifyResponse = z.object({ message: z.string(), notifyRequested: z.boolean() });
/** Open "notify me" requests one user may have (docs/decisions/0203): a restock sends one digest, never one email per SKU. */
export const MAX_NOTIFY_REQUESTS = 50;
export const NOTIFY_MESSAGES = {
  requested: "We'll email you when it is back in stock",
  limit: `You can be notified about at most ${MAX_NOTIFY_REQUESTS} items at a time. Cancel one you no longer need first.`,
  cancelled: 'You will not be emailed about this item',
  inStock: 'This item is in stock now; no need to be notified',
} as const;
