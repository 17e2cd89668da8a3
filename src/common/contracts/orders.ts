import { allocationView } from './lots';
import { orderBackorderView } from './backorders';
import { z } from './zod';
import { blankAsMissing, idSchema, MAX_ID } from './common';
import { cursorId, cursorStamp, pageCursor } from './page-cursor';
import { dayRangeFields, instantRangeFields, QUERY_MESSAGES, queryInstant, rangeInOrder } from './query-params';
import { REQUESTED_DATE_MESSAGES } from '../domain/business-days';
import { CART_MESSAGES } from '../domain/cart-rules';
import { MAX_LINE_QUANTITY } from '../domain/stock-level';
import { closedDayView } from './calendar';
import { DELIVERY_TYPES, ORDER_KINDS, ORDER_STATUSES } from '../domain/order-status';
import { merchandiseTypeSchema, productId } from './carts';
import { emailStatusSchema } from './emails';
import { readPrice, toCents } from '../domain/money';
import { PRICE_MESSAGES } from '../domain/seen-prices';
import { REORDER_MESSAGES, REORDER_TARGETS } from '../domain/reorder';
import { shipToAddress, shipToAddressView } from './ship-to';
import { DEALER_CONFIRMATIONS } from '../domain/reps';

/** Order lines may carry 0 (never below 0); lines at 0 are left out. */
const lineQuantity = z
  .number({ error: CART_MESSAGES.quantityNumber })
  .check(
    z.int({ error: CART_MESSAGES.quantityWhole }),
    z.minimum(0, { error: CART_MESSAGES.quantityNegative }),
    z.maximum(MAX_LINE_QUANTITY, { error: CART_MESSAGES.quantityMax }),
  );

/** Fields the client copies into the payload that the server ignores (prices come from the catalogue). */
const clientCopy = () => ({ price: z.optional(z.unknown()), name: z.optional(z.unknown()) });

const merchandiseCode = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

const merchandiseLine = z.pipe(
  z
    .object({
      code: z.optional(merchandiseCode()),
      id: z.optional(z.union([merchandiseCode(), z.int()])),
      quantity: lineQuantity,
      ...clientCopy(),
    })
    .check(z.refine((l) => l.code !== undefined || l.id !== undefined, { error: 'Code is required' })),
  z.transform((l) => ({ code: l.code ?? String(l.id), quantity: l.quantity })),
);

/**
 * A price as the buyer was shown it (docs/decisions/0206): a decimal amount ("100.59", 100.59) or
 * null / "CALL" for a price on request. Anything else is a 400.
 */
const seenPrice = z.nullable(
  z.union([
    z.string().check(
      z.maxLength(30, { error: PRICE_MESSAGES.seenPrice }),
      z.refine((v) => readPrice(v).kind !== 'unusable', { error: PRICE_MESSAGES.seenPrice }),
    ),
    z.number().check(z.refine((v) => readPrice(v).kind !== 'unusable', { error: PRICE_MESSAGES.seenPrice })),
  ]),
);

/** A total as the buyer was shown it: a decimal amount, CALL lines left out. */
const seenTotal = z.union([
  z.string().check(z.maxLength(30, { error: PRICE_MESSAGES.seenTotal }), z.refine((v) => toCents(v) !== null, { error: PRICE_MESSAGES.seenTotal })),
  z.number().check(z.refine((v) => toCents(v) !== null, { error: PRICE_MESSAGES.seenTotal })),
]);

const lines = <T extends z.ZodMiniType>(line: T) => z.optional(z.array(line).check(z.maxLength(1000, { error: 'Too many lines' })));

/**
 * POST /api/orders, the spec order payload. The order is built from the
 * caller's active cart; the lines sent here are what the client showed and must
 * match it (a cart changed in another tab is refused). Prices, names, sender and
 * recipients never come from the client: `sendEmail` and `emailConfig` are
 * accepted for compatibility and ignored (docs/decisions/0043).
 */
export const placeOrderBody = z.object({
  /** The cart the client shows; must still be the active one. */
  cartId: z.optional(z.int().check(z.positive(), z.maximum(MAX_ID))),
  /**
   * `seenPrice` (optional, docs/decisions/0206): the unit price the line showed, null for CALL. When
   * it differs from the catalogue's price now, the order is refused with 409 and the new figures.
   * A caller that sends no `seenPrice` and no `seenTotal` opts out and is charged the current price.
   */
  items: lines(z.object({ productId, quantity: lineQuantity, seenPrice: z.optional(seenPrice), ...clientCopy() })),
  displays: lines(merchandiseLine),
  labels: lines(merchandiseLine),
  priceLists: lines(merchandiseLine),
  handboards: lines(merchandiseLine),
  notes: z.nullish(z.string().check(z.trim(), z.maxLength(2000, { error: 'Notes must be at most 2000 characters' }))),
  /** The customer's own PO number or job reference, optional. */
  poReference: z.nullish(z.string().check(z.trim(), z.maxLength(100, { error: 'PO reference must be at most 100 characters' }))),
  deliveryType: z.nullish(z.enum(DELIVERY_TYPES, { error: 'Delivery must be pickup or ship' })),
  /**
   * Where a shipped order goes (ADR 0192), optional: without one a shipped order goes to the
   * placer's store address (profile). Ignored for pickup.
   */
  shipTo: z.nullish(z.string().check(z.trim(), z.maxLength(500, { error: 'Ship-to address must be at most 500 characters' }))),
  /**
   * The ship-to in parts (docs/decisions/0210): a shipped sample order needs one, complete, here or
   * in the placer's profile (store, contact, phone, street, city, state, ZIP); any order may send one.
   * Copied onto the order; ignored for pickup.
   */
  shipToAddress: z.nullish(shipToAddress),
  /**
   * A dealer company's saved ship-to location (docs/decisions/0233): its address is copied onto the
   * order. Another company's location is a 400. Ignored for pickup and for callers outside a company.
   */
  locationId: z.nullish(z.int({ error: 'Invalid location id' }).check(z.positive({ error: 'Invalid location id' }), z.maximum(MAX_ID, { error: 'Invalid location id' }))),
  /** With a typed `shipToAddress`: also save it as a ship-to location of the company. */
  saveShipTo: z.optional(z.boolean({ error: 'saveShipTo must be true or false' })),
  /** A calendar date 'YYYY-MM-DD' (an ISO date-time is read as its date part). */
  requestedDate: z.nullish(
    z.pipe(
      z.string({ error: REQUESTED_DATE_MESSAGES.invalid }).check(z.trim(), z.maxLength(40)),
      z.transform((v) => v.slice(0, 10)),
    ),
  ),
  /** The order total the buyer was shown (CALL lines count 0), optional; a different total now is a 409 (docs/decisions/0206). */
  seenTotal: z.optional(seenTotal),
  sendEmail: z.optional(z.boolean()),
  emailConfig: z.optional(z.unknown()),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** One line whose price moved since the buyer's view: null is CALL. */
export const priceChangeLine = z.object({
  productId: z.int(),
  productName: z.string(),
  quantity: z.int(),
  oldPrice: z.nullable(z.string()),
  newPrice: z.nullable(z.string()),
});
export type PriceChangeLine = z.infer<typeof priceChangeLine>;

/**
 * The 409 of POST /api/orders when prices changed since the buyer's view (docs/decisions/0206):
 * the message "Prices changed: review the new total", the changed lines and both totals. Nothing was placed.
 */
export const pricesChangedBody = z.object({
  message: z.string(),
  priceChanges: z.object({
    lines: z.array(priceChangeLine),
    /** What the buyer was shown: their `seenTotal`, else the sum of their seen prices. */
    oldTotal: z.string(),
    newTotal: z.string(),
    /** True when a line is priced CALL now, so the new total is not the whole story. */
    hasCallPrices: z.boolean(),
  }),
});
export type PricesChangedBody = z.infer<typeof pricesChangedBody>;

/** The Idempotency-Key header of POST /api/orders (docs/product-decisions.md): optional, 1 to 200 visible characters. */
export const idempotencyKey = z.optional(
  z.string().check(z.trim(), z.regex(/^[\x21-\x7e]{1,200}$/, { error: 'Idempotency-Key must be 1 to 200 visible characters' })),
);

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Unknown order status' });
export const orderKindSchema = z.enum(ORDER_KINDS);

export const orderItemView = z.object({
  id: z.int(),
  productId: z.int(),
  productName: z.string(),
  quantity: z.int(),
  /** The price charged per unit when ordered (a dealer's contract price, docs/decisions/0233); null for CALL. */
  price: z.nullable(z.string()),
  /** The product's own price then; the list and break the price came from (null: the base price). */
  basePrice: z.optional(z.nullable(z.string())),
  priceListCode: z.optional(z.nullable(z.string())),
  priceListName: z.optional(z.nullable(z.string())),
  priceBreakMin: z.optional(z.nullable(z.int())),
  /** The lots this line was allocated from; empty for a SKU without lots. */
  allocations: z.optional(z.array(allocationView)),
  /** The part stock did not cover, promised from incoming loads (docs/decisions/0238); null or absent when none. */
  backorder: z.optional(z.nullable(orderBackorderView)),
});

export const orderMerchandiseView = z.object({
  id: z.int(),
  type: merchandiseTypeSchema,
  code: z.string(),
  name: z.string(),
  line: z.nullable(z.string()),
  category: z.nullable(z.string()),
  quantity: z.int(),
  price: z.literal(0),
});

const orderFields = () => ({
  id: z.int(),
  userId: z.int(),
  username: z.string(),
  /** Who placed it, by name (first and last name when known, else the username). */
  placedBy: z.string(),
  kind: orderKindSchema,
  poReference: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: orderStatusSchema,
  cartName: z.nullable(z.string()),
  deliveryType: z.nullable(z.enum(DELIVERY_TYPES)),
  /** The ship-to address of a shipped order (ADR 0192); null for pickup. */
  shipTo: z.nullable(z.string()),
  /**
   * The ship-to in parts as placed (docs/decisions/0210): every shipped sample order has one; null for
   * pickup, for orders placed before it was recorded, and for a dealer's typed address (`shipTo` only).
   */
  shipToAddress: z.nullable(shipToAddressView),
  requestedDate: z.nullable(z.string()),
  total: z.string(),
  /** The dealer company the order belongs to; its buyers all see it (docs/decisions/0233). */
  companyId: z.optional(z.nullable(z.int())),
  /** The saved ship-to location it went to, when one was picked. */
  locationId: z.optional(z.nullable(z.int())),
  /** The dealer company by name as placed (docs/decisions/0235); null outside a company. */
  company: z.optional(z.nullable(z.object({ id: z.int(), name: z.string() }))),
  /** The BOLD rep who placed it for the company (docs/decisions/0235); `placedBy` then names the rep too. */
  placedByRep: z.optional(z.nullable(z.object({ userId: z.int(), name: z.string() }))),
  /** When the company confirms reps' orders: awaiting, confirmed or declined, with the buyer's note. */
  dealerConfirmation: z.optional(
    z.nullable(
      z.object({ status: z.enum(DEALER_CONFIRMATIONS), note: z.nullable(z.string()), byName: z.nullable(z.string()), at: z.nullable(z.string()) }),
    ),
  ),
  /** The company admin who approved it, when it needed approval. */
  approvedByName: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Admins only (ADR 0134): the status of the order's confirmation email in the outbox;
   * null when none is on record (sent emails leave after the retention period). Absent for others.
   */
  emailStatus: z.nullish(emailStatusSchema),
});

export const orderSummary = z.object({
  ...orderFields(),
  lineCount: z.int(),
  totalQuantity: z.int(),
  /** True when some line was priced CALL, so the total is not the whole story. */
  hasCallPrices: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderView = z.object({
  ...orderFields(),
  items: z.array(orderItemView),
  merchandise: z.array(orderMerchandiseView),
  hasCallPrices: z.boolean(),
});
export type OrderView = z.infer<typeof orderView>;

export const ORDERS_PAGE_SIZE = 25;

export const ORDER_MESSAGES_CONTRACT = {
  badCursor: QUERY_MESSAGES.badCursor,
  badRange: QUERY_MESSAGES.badRange,
} as const;

/**
 * Order history search (ADR 0192), on the list and on the own-orders export: text in the PO
 * name or the buyer's PO reference, a SKU on any line, and placed between two calendar days
 * (inclusive, the business's days as in ADR 0042; the days a query may name, ADR 0205).
 */
export const orderSearchFields = () => ({
  q: blankAsMissing(z.optional(z.string().check(z.trim(), z.maxLength(100, { error: 'Search must be at most 100 characters' })))),
  sku: blankAsMissing(z.optional(idSchema('SKU must be a whole number'))),
  ...dayRangeFields(),
});

/** The polling position: the last order's updated_at (PostgreSQL's microseconds, UTC) and id (ADR 0205). */
export const ordersCursor = pageCursor(z.tuple([cursorStamp(), cursorId()]));

/**
 * GET /api/orders: own orders; admins see everyone's and may filter by user.
 * With `updatedSince` or `cursor` the list is for polling (docs/integrations.md):
 * oldest change first, and `nextCursor` continues where this page stopped.
 */
export const ordersQuery = z
  .object({
  ...orderSearchFields(),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1, { error: 'Page must be at least 1' }), z.maximum(100_000)), 1),
  status: z.optional(orderStatusSchema),
  kind: z.optional(orderKindSchema),
  userId: z.optional(idSchema('Invalid user id')),
  username: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** Admins: one company's orders (the companies screen links here). Dealers always see their own company's. */
  company: blankAsMissing(z.optional(idSchema('Invalid company id'))),
  updatedSince: queryInstant('updatedSince'),
  cursor: ordersCursor.param,
  })
  .check(rangeInOrder());
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const ordersResponse = z.object({
  orders: z.array(orderSummary),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /**
   * Polling only: the position after this page's last order. Pass it as `cursor` to continue,
   * now if `hasMore`, else on the next poll (it then answers only orders changed since).
   */
  nextCursor: z.nullish(z.string()),
  hasMore: z.optional(z.boolean()),
});
export type OrdersResponse = z.infer<typeof ordersResponse>;

/** PATCH /api/orders/{id} (admins). */
export const updateOrderBody = z.object({ status: orderStatusSchema });

/**
 * POST /api/orders/{id}/reorder: where the lines go (docs/decisions/0208). No body, or no target, is
 * `new` (a salesperson's: their sample order); `cart` names one of the caller's POs by `cartId`.
 */
export const reorderBody = z.optional(
  z
    .object({
      target: z.optional(z.enum(REORDER_TARGETS, { error: REORDER_MESSAGES.badTarget })),
      cartId: z.optional(idSchema('Invalid cartId')),
    })
    .check(
      z.refine((b) => b.target !== 'cart' || b.cartId !== undefined, { error: REORDER_MESSAGES.cartIdNeeded, path: ['cartId'] }),
      z.refine((b) => b.target === 'cart' || b.cartId === undefined, { error: REORDER_MESSAGES.cartIdOnlyForCart, path: ['cartId'] }),
    ),
);
export type ReorderBody = z.infer<typeof reorderBody>;

/** POST /api/orders/{id}/reorder: the PO the lines went into, what went in and what did not. */
export const reorderResponse = z.object({
  cartId: z.int(),
  /** The PO's name, and whether this reorder created it. */
  cartName: z.string(),
  created: z.boolean(),
  added: z.array(z.object({ name: z.string(), quantity: z.int(), requested: z.int() })),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  /** For lines that came from one lot, whether that lot still holds the line. */
  lotNotes: z.optional(z.array(z.string())),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;

/** GET /api/orders/requested-dates: the server's today and the earliest date a sample order may ask for. */
export const requestedDatesResponse = z.object({
  today: z.string(),
  earliest: z.string(),
  /** Upcoming days the warehouse is closed (ADR 0054); the picker disables them like weekends. */
  closedDays: z.array(closedDayView),
});
export type RequestedDatesResponse = z.infer<typeof requestedDatesResponse>;

export const ORDER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * GET /api/admin/orders/export: one row per order line with the order's fields,
 * filtered like the orders screen plus a placed-between range (ISO date-times).
 */
export const orderExportQuery = z
  .object({
    format: z._default(z.enum(ORDER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }), 'csv'),
    ...instantRangeFields(),
    status: blankAsMissing(z.optional(orderStatusSchema)),
    kind: blankAsMissing(z.optional(orderKindSchema)),
    userId: blankAsMissing(z.optional(z.coerce.number().check(z.int(), z.positive()))),
    username: blankAsMissing(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))),
    /** One dealer company's orders (docs/decisions/0233). */
    company: blankAsMissing(z.optional(idSchema('Invalid company id'))),
  })
  .check(rangeInOrder());
export type OrderExportQuery = z.output<typeof orderExportQuery>;

/** GET /api/orders/export: the caller's own orders (admins: everyone's), searched like the list (ADR 0192). */
export const ownOrdersExportQuery = z
  .object({
    format: z._default(z.enum(ORDER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }), 'csv'),
    status: blankAsMissing(z.optional(orderStatusSchema)),
    ...orderSearchFields(),
  })
  .check(rangeInOrder());
export type OwnOrdersExportQuery = z.output<typeof ownOrdersExportQuery>;

// ---- approvals (docs/decisions/0233-company-orders-and-approvals.md) ----

/**
 * POST /api/orders/submit: the active PO submitted for approval with the checkout as it would be
 * placed (the same body as POST /api/orders). For a requester, and for a buyer over their spending limit.
 */
export const submitForApprovalResponse = z.object({
  cartId: z.int(),
  approvalStatus: z.literal('pending'),
  submittedAt: z.string(),
});
export type SubmitForApprovalResponse = z.infer<typeof submitForApprovalResponse>;

/** POST /api/approvals/{id}/approve: the prices the company admin saw on the PO (the 409 flow of docs/decisions/0206). */
export const approveBody = z.object({
  items: lines(z.object({ productId, quantity: lineQuantity, seenPrice: z.optional(seenPrice), ...clientCopy() })),
  seenTotal: z.optional(seenTotal),
});
export type ApproveBody = z.input<typeof approveBody>;

/** POST /api/approvals/{id}/return: the note the owner reads. */
/** POST /api/orders/{id}/dealer-confirmation: a buyer's answer to an order a rep placed for the company (docs/decisions/0235). */
export const dealerConfirmationBody = z
  .object({
    decision: z.enum(['confirmed', 'declined'], { error: 'Choose confirm or decline' }),
    note: z.optional(z.string().check(z.trim(), z.maxLength(2000, { error: 'The note must be at most 2000 characters' }))),
  })
  .check(
    z.refine((body) => body.decision !== 'declined' || (body.note ?? '').length > 0, { error: 'Say why the order is declined.', path: ['note'] }),
  );
export type DealerConfirmationBody = z.infer<typeof dealerConfirmationBody>;

export const returnPoBody = z.object({
  note: z.string({ error: 'Say why the PO is returned.' }).check(
    z.trim(),
    z.minLength(1, { error: 'Say why the PO is returned.' }),
    z.maxLength(2000, { error: 'The note must be at most 2000 characters' }),
  ),
});
export type ReturnPoBody = z.infer<typeof returnPoBody>;

/** GET /api/orders/ship-to-locations: the caller's company's saved ship-to addresses, the default first (docs/decisions/0233). */
export const shipToLocationView = z.object({
  id: z.int(),
  name: z.string(),
  isDefault: z.boolean(),
  address: shipToAddressView,
  /** The address as one text, as the order shows it. */
  text: z.string(),
});
export type ShipToLocationView = z.infer<typeof shipToLocationView>;
export const shipToLocationsResponse = z.array(shipToLocationView);
