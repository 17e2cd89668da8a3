import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** A price as PostgreSQL numeric text ("62.50"); null is CALL (spec §5 price formatting). */
const decimalText = lazySchema(() => z.string().regex(/^-?\d+(\.\d+)?$/));

/**
 * Spec §3 Product as GET /api/products sends it. stockLevel is text (a quantity or
 * one of the two stock words); quantityOnOrder is a whole number (docs/decisions/0007).
 * price and pricePerSqft are left out entirely for a role without view_prices.
 */
export const product = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    collection: z.string().nullable(),
    line: z.string().nullable(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    finish: z.string().nullable(),
    soldBy: z.string(),
    description: z.string().nullable(),
    price: decimalText.nullable().optional(),
    imageUrl: z.string().nullable(),
    stockLevel: z.string(),
    coverage: z.string(),
    pricePerSqft: decimalText.nullable().optional(),
    quantityOnOrder: z.number().int(),
  }),
);
export type Product = z.infer<typeof product>;

/** GET /api/products: the whole catalogue sorted by numeric id. */
export const productsResponse = lazySchema(() => z.array(product));
