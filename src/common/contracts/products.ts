import { z } from './zod';

/** A price as PostgreSQL numeric text ("62.50"); null is CALL (spec §5 price formatting). */
const decimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/**
 * Spec §3 Product as GET /api/products sends it. stockLevel is text (a quantity or
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
