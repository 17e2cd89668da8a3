import { z } from './zod';
import { blankAsMissing } from './common';
import { cursorId, cursorStamp, pageCursor } from './page-cursor';
import { QUERY_MESSAGES, queryInstant } from './query-params';

/** A price as PostgreSQL numeric text ("62.50"); null is CALL (price formatting). */
const decimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/**
 * Product as GET /api/products sends it. stockLevel is text (a quantity or
 * one of the two stock words); quantityOnOrder is a whole number (docs/decisions/0007).
 * price and pricePerSqft are left out entirely for a role without view_prices.
 */
export const product = z.object({
  id: z.int(),
  name: z.string(),
  collection: z.nullable(z.string()),
  line: z.nullable(z.string()),
  size: z.nullable(z.string()),
  color: z.nullable(z.string()),
  finish: z.nullable(z.string()),
  soldBy: z.string(),
  description: z.nullable(z.string()),
  price: z.nullish(decimalText),
  imageUrl: z.nullable(z.string()),
  stockLevel: z.string(),
  coverage: z.string(),
  pricePerSqft: z.nullish(decimalText),
  quantityOnOrder: z.int(),
});
export type Product = z.infer<typeof product>;

/** GET /api/products: the whole catalogue sorted by numeric id. */
export const productsResponse = z.array(product);

/** A page holds this many products unless `limit` says otherwise (ADR 0183). */
export const PRODUCTS_PAGE_DEFAULT = 500;
export const PRODUCTS_PAGE_MAX = 1000;

export const PRODUCTS_MESSAGES = {
  badLimit: `limit must be a whole number from 1 to ${PRODUCTS_PAGE_MAX}`,
  badCursor: QUERY_MESSAGES.badCursor,
} as const;

/** Where a page ends (ADR 0205): the last id sent and the updatedSince the first page was asked with (UTC, milliseconds). */
export const productsCursor = pageCursor(z.tuple([cursorId(), z.nullable(cursorStamp())]));

/**
 * GET /api/products for an integration (ADR 0183): any of these asks for a page, ordered by id;
 * none of them is the browser's whole catalogue. `cursor` is the `nextCursor` of the page before
 * and carries its `updatedSince`, so it is passed alone (with `limit` if wanted).
 */
export const productsQuery = z.object({
  limit: blankAsMissing(
    z.optional(
      z.coerce
        .number({ error: PRODUCTS_MESSAGES.badLimit })
        .check(z.int({ error: PRODUCTS_MESSAGES.badLimit }), z.minimum(1, PRODUCTS_MESSAGES.badLimit), z.maximum(PRODUCTS_PAGE_MAX, PRODUCTS_MESSAGES.badLimit)),
    ),
  ),
  cursor: productsCursor.param,
  updatedSince: queryInstant('updatedSince'),
});
export type ProductsQuery = z.output<typeof productsQuery>;

/** One page: `nextCursor` is null on the last one (also sent as `Link: <...>; rel="next"`). */
export const productsPage = z.object({
  products: z.array(product),
  nextCursor: z.nullable(z.string()),
});
export type ProductsPage = z.infer<typeof productsPage>;
