import { z } from 'zod';
import { idSchema, MAX_ID } from './common';
import { REQUESTED_DATE_MESSAGES } from '../domain/business-days';
import { CART_MESSAGES } from '../domain/cart-rules';
import { MAX_LINE_QUANTITY } from '../domain/stock-level';
import { closedDayView } from './calendar';
import { DELIVERY_TYPES, ORDER_KINDS, ORDER_STATUSES } from '../domain/order-status';
import { merchandiseTypeSchema, productId } from './carts';
import { emailStatusSchema } from './emails';
import { lazySchema } from './lazy-schema';

/** Order lines may carry 0 (spec §5: never below 0); lines at 0 are left out. */
const lineQuantity = lazySchema(() =>
  z
    .number({ error: CART_MESSAGES.quantityNumber })
    .int({ error: CART_MESSAGES.quantityWhole })
    .min(0, { error: CART_MESSAGES.quantityNegative })
    .max(MAX_LINE_QUANTITY, { error: CART_MESSAGES.quantityMax }),
);

/** Fields the client copies into the payload that the server ignores (prices come from the catalogue). */
const clientCopy = () => ({ price: z.unknown().optional(), name: z.unknown().optional() });

const merchandiseLine = lazySchema(() =>
  z
    .object({
      code: z.string().trim().min(1).max(100).optional(),
      id: z.union([z.string().trim().min(1).max(100), z.number().int()]).optional(),
      quantity: lineQuantity,
      ...clientCopy(),
    })
    .refine((l) => l.code !== undefined || l.id !== undefined, { error: 'Code is required' })
    .transform((l) => ({ code: l.code ?? String(l.id), quantity: l.quantity })),
);

const lines = <T extends z.ZodType>(line: T) => z.array(line).max(1000, { error: 'Too many lines' }).optional();

/**
 * POST /api/orders, the spec §3 order payload. The order is built from the
 * caller's active cart; the lines sent here are what the client showed and must
 * match it (a cart changed in another tab is refused). Prices, names, sender and
 * recipients never come from the client: `sendEmail` and `emailConfig` are
 * accepted for compatibility and ignored (docs/decisions/0043).
 */
export const placeOrderBody = lazySchema(() =>
  z.object({
    /** The cart the client shows; must still be the active one. */
    cartId: z.number().int().positive().max(MAX_ID).optional(),
    items: lines(z.object({ productId, quantity: lineQuantity, ...clientCopy() })),
    displays: lines(merchandiseLine),
    labels: lines(merchandiseLine),
    priceLists: lines(merchandiseLine),
    handboards: lines(merchandiseLine),
    notes: z.string().trim().max(2000, { error: 'Notes must be at most 2000 characters' }).nullable().optional(),
    /** The customer's own PO number or job reference (issue 12), optional. */
    poReference: z.string().trim().max(100, { error: 'PO reference must be at most 100 characters' }).nullable().optional(),
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'Delivery must be pickup or ship' }).nullable().optional(),
    /** A calendar date 'YYYY-MM-DD' (an ISO date-time is read as its date part). */
    requestedDate: z
      .string({ error: REQUESTED_DATE_MESSAGES.invalid })
      .trim()
      .max(40)
      .transform((v) => v.slice(0, 10))
      .nullable()
      .optional(),
    sendEmail: z.boolean().optional(),
    emailConfig: z.unknown().optional(),
  }),
);
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** The Idempotency-Key header of POST /api/orders (docs/product-decisions.md): optional, 1 to 200 visible characters. */
export const idempotencyKey = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,200}$/, { error: 'Idempotency-Key must be 1 to 200 visible characters' })
    .optional(),
);

export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES, { error: 'Unknown order status' }));
export const orderKindSchema = lazySchema(() => z.enum(ORDER_KINDS));

export const orderItemView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    quantity: z.number().int(),
    /** Catalogue price when ordered; null for CALL. */
    price: z.string().nullable(),
  }),
);

export const orderMerchandiseView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    type: merchandiseTypeSchema,
    code: z.string(),
    name: z.string(),
    line: z.string().nullable(),
    category: z.string().nullable(),
    quantity: z.number().int(),
    price: z.literal(0),
  }),
);

const orderFields = () => ({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** Who placed it, by name (first and last name when known, else the username). */
  placedBy: z.string(),
  kind: orderKindSchema,
  poReference: z.string().nullable(),
  notes: z.string().nullable(),
  status: orderStatusSchema,
  cartName: z.string().nullable(),
  deliveryType: z.enum(DELIVERY_TYPES).nullable(),
  requestedDate: z.string().nullable(),
  total: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Admins only (ADR 0134): the status of the order's confirmation email in the outbox;
   * null when none is on record (sent emails leave after the retention period). Absent for others.
   */
  emailStatus: emailStatusSchema.nullable().optional(),
});

export const orderSummary = lazySchema(() =>
  z.object({
    ...orderFields(),
    lineCount: z.number().int(),
    totalQuantity: z.number().int(),
    /** True when some line was priced CALL, so the total is not the whole story. */
    hasCallPrices: z.boolean(),
  }),
);
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderView = lazySchema(() =>
  z.object({
    ...orderFields(),
    items: z.array(orderItemView),
    merchandise: z.array(orderMerchandiseView),
    hasCallPrices: z.boolean(),
  }),
);
export type OrderView = z.infer<typeof orderView>;

export const ORDERS_PAGE_SIZE = 25;

/** An empty query parameter (`?status=`) means "not given". */
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

export const ORDER_MESSAGES_CONTRACT = {
  badCursor: 'The cursor is not valid; start again from updatedSince',
  badRange: 'The start date must be before the end date',
} as const;

/**
 * GET /api/orders: own orders; admins see everyone's and may filter by user.
 * With `updatedSince` or `cursor` the list is for polling (docs/integrations.md):
 * oldest change first, and `nextCursor` continues where this page stopped.
 */
export const ordersQuery = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1, { error: 'Page must be at least 1' }).max(100_000).default(1),
    status: orderStatusSchema.optional(),
    kind: orderKindSchema.optional(),
    userId: idSchema('Invalid user id').optional(),
    username: z.string().trim().min(1).max(100).optional(),
    updatedSince: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true, error: 'updatedSince must be an ISO date-time' }).optional()),
    cursor: z.preprocess(blankAsMissing, z.string().max(200).optional()),
  }),
);
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const ordersResponse = lazySchema(() =>
  z.object({
    orders: z.array(orderSummary),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /**
     * Polling only: the position after this page's last order. Pass it as `cursor` to continue,
     * now if `hasMore`, else on the next poll (it then answers only orders changed since).
     */
    nextCursor: z.string().nullable().optional(),
    hasMore: z.boolean().optional(),
  }),
);
export type OrdersResponse = z.infer<typeof ordersResponse>;

/** PATCH /api/orders/{id} (admins). */
export const updateOrderBody = lazySchema(() => z.object({ status: orderStatusSchema }));

/** POST /api/orders/{id}/reorder: what went into the active cart and what did not. */
export const reorderResponse = lazySchema(() =>
  z.object({
    cartId: z.number().int(),
    added: z.array(z.object({ name: z.string(), quantity: z.number().int(), requested: z.number().int() })),
    skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  }),
);
export type ReorderResponse = z.infer<typeof reorderResponse>;

/** GET /api/orders/requested-dates: the server's today and the earliest date a sample order may ask for. */
export const requestedDatesResponse = lazySchema(() =>
  z.object({
    today: z.string(),
    earliest: z.string(),
    /** Upcoming days the warehouse is closed (ADR 0054); the picker disables them like weekends. */
    closedDays: z.array(closedDayView),
  }),
);
export type RequestedDatesResponse = z.infer<typeof requestedDatesResponse>;

export const ORDER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * GET /api/admin/orders/export: one row per order line with the order's fields,
 * filtered like the orders screen plus a placed-between range (ISO date-times).
 */
export const orderExportQuery = lazySchema(() =>
  z
    .object({
      format: z.enum(ORDER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
      from: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true, error: 'Invalid start date' }).optional()),
      to: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true, error: 'Invalid end date' }).optional()),
      status: z.preprocess(blankAsMissing, orderStatusSchema.optional()),
      kind: z.preprocess(blankAsMissing, orderKindSchema.optional()),
      userId: z.preprocess(blankAsMissing, z.coerce.number().int().positive().optional()),
      username: z.preprocess(blankAsMissing, z.string().trim().min(1).max(100).optional()),
    })
    .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { message: ORDER_MESSAGES_CONTRACT.badRange, path: ['to'] }),
);
export type OrderExportQuery = z.output<typeof orderExportQuery>;
