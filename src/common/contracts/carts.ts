import { z } from 'zod';
import { idSchema, MAX_ID } from './common';
import { CART_MESSAGES, MAX_CART_NAME_LENGTH, MERCHANDISE_TYPES } from '../domain/cart-rules';
import { MAX_LINE_QUANTITY } from '../domain/stock-level';
import { lazySchema } from './lazy-schema';

/**
 * Spec §7 cart calls, plus the small atomic operations of docs/product-decisions.md
 * ("Cart contents change through small server operations"). One schema per
 * call: the client form, the route and the response all use these.
 */

const quantityNumber = () =>
  z
    .number({ error: CART_MESSAGES.quantityNumber })
    .int({ error: CART_MESSAGES.quantityWhole })
    .max(MAX_LINE_QUANTITY, { error: CART_MESSAGES.quantityMax });

/** A product line: at least 1 (spec §5). The stock limit is checked by the server against the catalogue. */
export const itemQuantity = lazySchema(() => quantityNumber().min(1, { error: CART_MESSAGES.quantityMin }));

/** Displays, labels, price lists, handboards: never below 0; 0 removes the entry (spec §4, §5). */
export const merchandiseQuantity = lazySchema(() => quantityNumber().min(0, { error: CART_MESSAGES.quantityNegative }));

export const productId = lazySchema(() =>
  z
    .number({ error: 'Product id must be a number' })
    .int({ error: 'Product id must be a whole number' })
    .positive({ error: 'Product id must be positive' })
    .max(MAX_ID, { error: CART_MESSAGES.productNotFound }),
);

export const merchandiseTypeSchema = lazySchema(() =>
  z.enum(MERCHANDISE_TYPES, {
    error: 'Type must be display, label, pricelist or handboard',
  }),
);

const cartName = lazySchema(() =>
  z
    .string({ error: CART_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CART_MESSAGES.nameRequired })
    .max(MAX_CART_NAME_LENGTH, { error: `Name must be at most ${MAX_CART_NAME_LENGTH} characters` }),
);

// ---- views ----

/** What a cart line shows of its product. price is null for CALL. */
export const cartProduct = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    line: z.string().nullable(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    finish: z.string().nullable(),
    soldBy: z.string(),
    price: z.string().nullable(),
    stockLevel: z.string(),
    coverage: z.string(),
  }),
);
export type CartProduct = z.infer<typeof cartProduct>;

export const cartItem = lazySchema(() =>
  z.object({
    id: z.number().int(),
    cartId: z.number().int(),
    productId: z.number().int(),
    quantity: z.number().int(),
    createdAt: z.string(),
    product: cartProduct,
  }),
);
export type CartItem = z.infer<typeof cartItem>;

/** A display, label, price list or handboard in a cart; `id` is the code (spec §3: label code is its id). */
export const cartMerchandiseEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    type: merchandiseTypeSchema,
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    line: z.string().nullable(),
    category: z.string().nullable(),
    handboardType: z.string().nullable(),
    /** Spec §3: merchandise is free in orders. */
    price: z.literal(0),
    quantity: z.number().int(),
  }),
);
export type CartMerchandiseEntry = z.infer<typeof cartMerchandiseEntry>;

export const cartView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    isActive: z.boolean(),
    createdAt: z.string(),
    lastModified: z.string(),
    items: z.array(cartItem),
    displays: z.array(cartMerchandiseEntry),
    labels: z.array(cartMerchandiseEntry),
    priceLists: z.array(cartMerchandiseEntry),
    handboards: z.array(cartMerchandiseEntry),
    totalItems: z.number().int(),
  }),
);
export type CartView = z.infer<typeof cartView>;

/** GET /api/carts: the caller's carts, most recently changed first; exactly one is active. */
export const cartsResponse = lazySchema(() => z.array(cartView));

// ---- calls ----

/** POST /api/carts. userId may be sent (spec §7) but must be the caller's own. */
export const createCartBody = lazySchema(() =>
  z.object({
    name: cartName,
    userId: z.number().int().positive().max(MAX_ID).optional(),
    /** Make the new cart the active one (Create New PO on /cart does; /cartselect lets the user Select). */
    isActive: z.boolean().optional(),
  }),
);
export type CreateCartBody = z.input<typeof createCartBody>;

/**
 * An entry of a whole merchandise array (spec §7 PATCH /api/carts/{id}). Entries
 * carry the code (labels may send it as id, spec §3); other fields (name, price)
 * are the client's copy and ignored. Quantity 0 leaves the entry out.
 */
export const merchandiseArrayEntry = lazySchema(() =>
  z
    .object({
      code: z.string().trim().min(1).max(100).optional(),
      id: z.union([z.string().trim().min(1).max(100), z.number().int()]).optional(),
      quantity: merchandiseQuantity,
    })
    .refine((entry) => entry.code !== undefined || entry.id !== undefined, { error: 'Code is required' })
    .transform((entry) => ({ code: entry.code ?? String(entry.id), quantity: entry.quantity })),
);

const merchandiseArray = lazySchema(() => z.array(merchandiseArrayEntry).max(1000, { error: 'Too many entries' }));

/** PATCH /api/carts/{id}: rename, make active, and/or replace whole merchandise lists. */
export const updateCartBody = lazySchema(() =>
  z
    .object({
      name: cartName.optional(),
      /** Only `true`: a cart stops being active when another one is selected. */
      isActive: z.literal(true, { error: 'isActive can only be set to true' }).optional(),
      displays: merchandiseArray.optional(),
      labels: merchandiseArray.optional(),
      priceLists: merchandiseArray.optional(),
      handboards: merchandiseArray.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update' }),
);
export type UpdateCartBody = z.input<typeof updateCartBody>;

/** POST /api/carts/{id}/items: adds to the quantity when the product is already in the cart. */
export const addCartItemBody = lazySchema(() => z.object({ productId, quantity: itemQuantity }));
export type AddCartItemBody = z.infer<typeof addCartItemBody>;

export const cartItemResponse = lazySchema(() => cartItem.pick({ id: true, cartId: true, productId: true, quantity: true }));
export type CartItemResponse = z.infer<typeof cartItemResponse>;

/**
 * POST /api/carts/{id}/bulk-items (quick add): out-of-stock products are skipped
 * and counted; every other line is added, or none when one of them is refused.
 */
export const bulkAddBody = lazySchema(() =>
  z.object({
    items: z
      .array(addCartItemBody)
      .min(1, { error: 'No items to add' })
      .max(500, { error: 'At most 500 items at a time' }),
  }),
);
export type BulkAddBody = z.infer<typeof bulkAddBody>;
export const bulkAddResponse = lazySchema(() =>
  z.object({
    /** Distinct products added. */
    count: z.number().int(),
    /** Out-of-stock products left out. */
    skipped: z.number().int(),
  }),
);
export type BulkAddResponse = z.infer<typeof bulkAddResponse>;

/** PATCH /api/carts/{id}/items/{itemId}: sets the quantity. */
export const updateCartItemBody = lazySchema(() => z.object({ quantity: itemQuantity }));

export const cartItemParams = lazySchema(() =>
  z.object({
    id: idSchema(),
    itemId: idSchema(),
  }),
);

/** PUT /api/carts/{id}/merchandise/{type}/{code}: sets one entry's quantity; 0 removes it. */
export const merchandiseEntryParams = lazySchema(() =>
  z.object({
    id: idSchema(),
    type: merchandiseTypeSchema,
    code: z.string().trim().min(1).max(100),
  }),
);
export const setMerchandiseBody = lazySchema(() => z.object({ quantity: merchandiseQuantity }));

/**
 * POST /api/carts/{id}/merchandise/adjust: adds `delta` to each code's quantity
 * in one statement, so +1 / -1 clicks and "+1 All" never lose an update. A
 * result of 0 or less removes the entry.
 */
export const adjustMerchandiseBody = lazySchema(() =>
  z.object({
    type: merchandiseTypeSchema,
    codes: z.array(z.string().trim().min(1).max(100)).min(1, { error: 'No codes given' }).max(1000),
    delta: z
      .number({ error: CART_MESSAGES.quantityNumber })
      .int({ error: CART_MESSAGES.quantityWhole })
      .min(-MAX_LINE_QUANTITY)
      .max(MAX_LINE_QUANTITY)
      .refine((d) => d !== 0, { error: 'Change must not be 0' }),
  }),
);
export type AdjustMerchandiseBody = z.infer<typeof adjustMerchandiseBody>;

export const merchandiseQuantitiesResponse = lazySchema(() =>
  z.array(
    z.object({ type: merchandiseTypeSchema, code: z.string(), quantity: z.number().int() }),
  ),
);
