import { z } from './zod';

/** Index into `strings`, or -1 for null. */
const coded = z.array(z.int());
const decimalTexts = z.array(z.nullable(z.string()));

/**
 * GET /api/products/columns: the whole catalogue of GET /api/products, column by column (ADR 0188).
 * The same products in the same order; repeated texts (line, size, colour, finish, collection,
 * selling unit, image, stock level, coverage) are written once in `strings` and referred to by
 * index. Without view_prices, `price` and `pricePerSqft` are left out, as GET /api/products leaves
 * them out of every product. Every array has `count` entries.
 */
export const catalogueColumnsResponse = z.object({
  count: z.int(),
  strings: z.array(z.string()),
  id: z.array(z.int()),
  name: z.array(z.string()),
  description: z.array(z.nullable(z.string())),
  quantityOnOrder: z.array(z.int()),
  collection: coded,
  line: coded,
  size: coded,
  color: coded,
  finish: coded,
  soldBy: coded,
  imageUrl: coded,
  stockLevel: coded,
  coverage: coded,
  price: z.optional(decimalTexts),
  pricePerSqft: z.optional(decimalTexts),
});
export type CatalogueColumns = z.infer<typeof catalogueColumnsResponse>;
