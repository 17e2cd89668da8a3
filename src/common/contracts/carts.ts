import { z } from './zod';
import { blankAsMissing, idSchema, MAX_ID } from './common';
import { CART_LIMIT_MESSAGES, CARTS_PAGE_SIZE, MAX_CARTS_PAGE_SIZE } from '../domain/cart-limits';
import { CART_MESSAGES, MAX_CART_NAME_LENGTH, MERCHANDISE_TYPES } from '../domain/cart-rules';
import { BULK_LINE_STATUSES } from '../domain/bulk-add';
import { APPROVAL_STATUSES } from '../domain/companies';
import { MAX_LINE_QUANTITY } from '../domain/stock-level';

/**
 * Cart calls, plus the small atomic operations of docs/product-decisions.md
 * ("Cart contents change through small server operations"). One schema per
 * call: the client form, the route and the response all use these.
 */

const quantityNumber = () =>
  z
    .number({ error: CART_MESSAGES.quantityNumber })
    .check(z.int({ error: CART_MESSAGES.quantityWhole }), z.maximum(MAX_LINE_QUANTITY, { error: CART_MESSAGES.quantityMax }));

/** A product line: at least 1. The stock limit is checked by the server against the catalogue. */
export const itemQuantity = quantityNumber().check(z.minimum(1, { error: CART_MESSAGES.quantityMin }));

/** Displays, labels, price lists, handboards: never below 0; 0 removes the entry. */
export const merchandiseQuantity = quantityNumber().check(z.minimum(0, { error: CART_MESSAGES.quantityNegative }));

export const productId = z
  .number({ error: 'Product id must be a number' })
  .check(
    z.int({ error: 'Product id must be a whole number' }),
    z.positive({ error: 'Product id must be positive' }),
    z.maximum(MAX_ID, { error: CART_MESSAGES.productNotFound }),
  );

export const merchandiseTypeSchema = z.enum(MERCHANDISE_TYPES, {
  error: 'Type must be display, label, pricelist or handboard',
});

const cartName = z
  .string({ error: CART_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: CART_MESSAGES.nameRequired }),
    z.maxLength(MAX_CART_NAME_LENGTH, { error: `Name must be at most ${MAX_CART_NAME_LENGTH} characters` }),
  );

/** A merchandise code as a request names it. */
const merchandiseCode = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

// ---- views ----

/** What a cart line shows of its product. price is null for CALL. */
export const cartProduct = z.object({
  id: z.int(),
  name: z.string(),
  line: z.nullable(z.string()),
  size: z.nullable(z.string()),
  color: z.nullable(z.string()),
  finish: z.nullable(z.string()),
  soldBy: z.string(),
  price: z.nullable(z.string()),
  stockLevel: z.string(),
  coverage: z.string(),
});
export type CartProduct = z.infer<typeof cartProduct>;

/** Where a line's price came from (docs/decisions/0229): a contract list and the break it reached. */
export const priceSourceView = z.object({ listCode: z.string(), listName: z.string(), minQuantity: z.int() });
export type PriceSourceView = z.infer<typeof priceSourceView>;

/**
 * A PO line. `product.price` is what the line is charged per unit: for a dealer in a company, the one
 * price rule's answer for the line's quantity (docs/decisions/0233); `basePrice` is the product's own
 * price and `priceSource` the list and break the price came from (null: the base price).
 */
export const cartItem = z.object({
  id: z.int(),
  cartId: z.int(),
  productId: z.int(),
  quantity: z.int(),
  createdAt: z.string(),
  product: cartProduct,
  basePrice: z.optional(z.nullable(z.string())),
  priceSource: z.optional(z.nullable(priceSourceView)),
});
export type CartItem = z.infer<typeof cartItem>;

/** A display, label, price list or handboard in a cart; `id` is the code (label code is its id). */
export const cartMerchandiseEntry = z.object({
  id: z.string(),
  type: merchandiseTypeSchema,
  code: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  line: z.nullable(z.string()),
  category: z.nullable(z.string()),
  handboardType: z.nullable(z.string()),
  /** Merchandise is free in orders. */
  price: z.literal(0),
  quantity: z.int(),
});
export type CartMerchandiseEntry = z.infer<typeof cartMerchandiseEntry>;

export const cartView = z.object({
  id: z.int(),
  userId: z.int(),
  name: z.string(),
  isActive: z.boolean(),
  /** The owner's company (dealers); its buyers see the PO when `sharedWithCompany` (docs/decisions/0233). */
  companyId: z.optional(z.nullable(z.int())),
  sharedWithCompany: z.optional(z.boolean()),
  /** pending: waiting for the company admin, locked against edits; returned: sent back with `approvalNote`. */
  approvalStatus: z.optional(z.nullable(z.enum(APPROVAL_STATUSES))),
  approvalNote: z.optional(z.nullable(z.string())),
  submittedAt: z.optional(z.nullable(z.string())),
  /** Who owns the PO, by name: set on shared POs and on the approvals list. */
  ownerName: z.optional(z.string()),
  createdAt: z.string(),
  lastModified: z.string(),
  items: z.array(cartItem),
  displays: z.array(cartMerchandiseEntry),
  labels: z.array(cartMerchandiseEntry),
  priceLists: z.array(cartMerchandiseEntry),
  handboards: z.array(cartMerchandiseEntry),
  totalItems: z.int(),
});
export type CartView = z.infer<typeof cartView>;

/**
 * GET /api/carts: a page of the caller's carts, the active one first, then most recently
 * changed first; exactly one is active. Still a plain array (ADR 0179): without `limit` a
 * page holds CARTS_PAGE_SIZE carts, every cart a user can keep under the cap, so a caller
 * that never pages sees them all. The paging facts travel in headers: CARTS_TOTAL_HEADER
 * (all the caller's carts) and, when more follow, CARTS_NEXT_CURSOR_HEADER and a
 * `Link: <...>; rel="next"`.
 */
export const cartsResponse = z.array(cartView);

export const CARTS_TOTAL_HEADER = 'x-total-count';
export const CARTS_NEXT_CURSOR_HEADER = 'x-next-cursor';

/** GET /api/carts query: `limit` (1 to MAX_CARTS_PAGE_SIZE, default CARTS_PAGE_SIZE) and the `cursor` a previous page gave. */
export const cartsQuery = z.object({
  limit: blankAsMissing(
    z._default(
      z.coerce
        .number({ error: CART_LIMIT_MESSAGES.badLimit })
        .check(
          z.int({ error: CART_LIMIT_MESSAGES.badLimit }),
          z.minimum(1, { error: CART_LIMIT_MESSAGES.badLimit }),
          z.maximum(MAX_CARTS_PAGE_SIZE, { error: CART_LIMIT_MESSAGES.badLimit }),
        ),
      CARTS_PAGE_SIZE,
    ),
  ),
  cursor: blankAsMissing(
    z.optional(z.string({ error: CART_LIMIT_MESSAGES.badCursor }).check(z.maxLength(200, { error: CART_LIMIT_MESSAGES.badCursor }))),
  ),
});
export type CartsQuery = z.infer<typeof cartsQuery>;

// ---- calls ----

/** POST /api/carts. userId may be sent but must be the caller's own. */
export const createCartBody = z.object({
  name: cartName,
  userId: z.optional(z.int().check(z.positive(), z.maximum(MAX_ID))),
  /** A new PO becomes the active one (ADR 0189) unless `false` is sent. */
  isActive: z.optional(z.boolean()),
});
export type CreateCartBody = z.input<typeof createCartBody>;

/**
 * An entry of a whole merchandise array (PATCH /api/carts/{id}). Entries
 * carry the code (labels may send it as id); other fields (name, price)
 * are the client's copy and ignored. Quantity 0 leaves the entry out.
 */
export const merchandiseArrayEntry = z.pipe(
  z
    .object({
      code: z.optional(merchandiseCode()),
      id: z.optional(z.union([merchandiseCode(), z.int()])),
      quantity: merchandiseQuantity,
    })
    .check(z.refine((entry) => entry.code !== undefined || entry.id !== undefined, { error: 'Code is required' })),
  z.transform((entry) => ({ code: entry.code ?? String(entry.id), quantity: entry.quantity })),
);

const merchandiseArray = z.array(merchandiseArrayEntry).check(z.maxLength(1000, { error: 'Too many entries' }));

/** PATCH /api/carts/{id}: rename, make active, and/or replace whole merchandise lists. */
export const updateCartBody = z
  .object({
    name: z.optional(cartName),
    /** Only `true`: a cart stops being active when another one is selected. */
    isActive: z.optional(z.literal(true, { error: 'isActive can only be set to true' })),
    /** A dealer's PO shared with (true) or kept from (false) the company's buyers; the owner only (docs/decisions/0233). */
    sharedWithCompany: z.optional(z.boolean({ error: 'sharedWithCompany must be true or false' })),
    displays: z.optional(merchandiseArray),
    labels: z.optional(merchandiseArray),
    priceLists: z.optional(merchandiseArray),
    handboards: z.optional(merchandiseArray),
  })
  .check(z.refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update' }));
export type UpdateCartBody = z.input<typeof updateCartBody>;

/** POST /api/carts/{id}/items: adds to the quantity when the product is already in the cart. */
export const addCartItemBody = z.object({ productId, quantity: itemQuantity });
export type AddCartItemBody = z.infer<typeof addCartItemBody>;

export const cartItemResponse = z.pick(cartItem, { id: true, cartId: true, productId: true, quantity: true });
export type CartItemResponse = z.infer<typeof cartItemResponse>;

/**
 * POST /api/carts/{id}/bulk-items (quick add, paste a list, the quick order pad): one request,
 * one transaction. Each product is added as asked, cut down to the stock left ("capped") or
 * left out ("skipped"), and the answer says which, line by line (ADR 0189); the whole call is
 * refused only when the cart is not the caller's, or nothing at all is written on an error.
 */
export const bulkAddBody = z.object({
  items: z
    .array(addCartItemBody)
    .check(z.minLength(1, { error: 'No items to add' }), z.maxLength(500, { error: 'At most 500 items at a time' })),
});
export type BulkAddBody = z.infer<typeof bulkAddBody>;

/** What became of one product of a bulk add (duplicates of a product are summed into one line). */
export const bulkAddLine = z.object({
  productId: z.int(),
  /** The product's name, or null when the catalogue has no such SKU. */
  name: z.nullable(z.string()),
  requested: z.int(),
  /** What went into the PO: `requested`, less when capped, 0 when skipped. */
  added: z.int(),
  status: z.enum(BULK_LINE_STATUSES),
  reason: z.nullable(z.string()),
  /** The PO line's split when it passes the stock and incoming loads cover it: "3 now, 47 about Dec 20 (on vessel)" (docs/decisions/0238). */
  backorder: z.optional(z.string()),
});
export type BulkAddLine = z.infer<typeof bulkAddLine>;

export const bulkAddResponse = z.object({
  /** The PO the lines went into, for "Added ... to Job 4471". */
  cartId: z.int(),
  cartName: z.string(),
  /** Distinct products added (in full or capped). */
  count: z.int(),
  /** Products added but cut down to the stock left. */
  capped: z.int(),
  /** Products left out (nothing added). */
  skipped: z.int(),
  /** Of the skipped, those out of stock ("Note that N out-of-stock items were excluded"). */
  outOfStock: z.int(),
  lines: z.array(bulkAddLine),
});
export type BulkAddResponse = z.infer<typeof bulkAddResponse>;

/** POST /api/carts/{id}/duplicate: a copy of the PO's lines under a new name; the copy becomes active. */
export const duplicateCartBody = z.object({ name: cartName });
export type DuplicateCartBody = z.input<typeof duplicateCartBody>;

/**
 * POST /api/carts/{id}/items/{itemId}/move: the whole line goes to another of the caller's POs,
 * joining that PO's line of the same product (within the stock, else refused, nothing moved).
 */
export const moveCartItemBody = z.object({ toCartId: idSchema() });
export type MoveCartItemBody = z.infer<typeof moveCartItemBody>;
/** The line as it is now in the PO it moved to. */
export const moveCartItemResponse = z.object({ toCartName: z.string(), item: cartItemResponse });
export type MoveCartItemResponse = z.infer<typeof moveCartItemResponse>;

/** POST /api/quick-order/file: the file's rows as the pad's "SKU quantity" lines. */
export const quickOrderFileResponse = z.object({ text: z.string(), rows: z.int() });
export type QuickOrderFileResponse = z.infer<typeof quickOrderFileResponse>;

/**
 * POST /api/quick-order/prices: the caller's price for each line at its quantity, by the one price
 * rule (docs/decisions/0233), so the pad shows what the PO will charge. Writes nothing.
 */
export const quickOrderPricesBody = z.object({
  items: z.array(z.object({ productId, quantity: itemQuantity })).check(z.maxLength(500, { error: 'At most 500 items at a time' })),
});
export type QuickOrderPricesBody = z.infer<typeof quickOrderPricesBody>;
export const quickOrderPricesResponse = z.object({
  lines: z.array(
    z.object({
      productId: z.int(),
      quantity: z.int(),
      price: z.nullable(z.string()),
      basePrice: z.nullable(z.string()),
      priceSource: z.nullable(priceSourceView),
    }),
  ),
});
export type QuickOrderPricesResponse = z.infer<typeof quickOrderPricesResponse>;

/** PATCH /api/carts/{id}/items/{itemId}: sets the quantity. */
export const updateCartItemBody = z.object({ quantity: itemQuantity });

export const cartItemParams = z.object({
  id: idSchema(),
  itemId: idSchema(),
});

/** PUT /api/carts/{id}/merchandise/{type}/{code}: sets one entry's quantity; 0 removes it. */
export const merchandiseEntryParams = z.object({
  id: idSchema(),
  type: merchandiseTypeSchema,
  code: merchandiseCode(),
});
export const setMerchandiseBody = z.object({ quantity: merchandiseQuantity });

/**
 * POST /api/carts/{id}/merchandise/adjust: adds `delta` to each code's quantity
 * in one statement, so +1 / -1 clicks and "+1 All" never lose an update. A
 * result of 0 or less removes the entry.
 */
export const adjustMerchandiseBody = z.object({
  type: merchandiseTypeSchema,
  codes: z.array(merchandiseCode()).check(z.minLength(1, { error: 'No codes given' }), z.maxLength(1000)),
  delta: z
    .number({ error: CART_MESSAGES.quantityNumber })
    .check(
      z.int({ error: CART_MESSAGES.quantityWhole }),
      z.minimum(-MAX_LINE_QUANTITY),
      z.maximum(MAX_LINE_QUANTITY),
      z.refine((d) => d !== 0, { error: 'Change must not be 0' }),
    ),
});
export type AdjustMerchandiseBody = z.infer<typeof adjustMerchandiseBody>;

export const merchandiseQuantitiesResponse = z.array(z.object({ type: merchandiseTypeSchema, code: z.string(), quantity: z.int() }));
