import { z } from './zod';
import { blankAsMissing } from './common';

/** A price as PostgreSQL numeric text ("8.40"); null is CALL. */
const decimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const PRODUCT_PRICES_MESSAGES = {
  badCompany: 'companyId must be a whole number from 1',
  adminOnly: "Only an admin may see another company's prices",
  noCompany: 'No company has this id',
} as const;

/**
 * GET /api/products/prices (docs/decisions/0232): a dealer asks without parameters and gets their own
 * company's prices; only an admin may name a company.
 */
export const productPricesQuery = z.object({
  companyId: blankAsMissing(
    z.optional(
      z.coerce
        .number({ error: PRODUCT_PRICES_MESSAGES.badCompany })
        .check(z.int({ error: PRODUCT_PRICES_MESSAGES.badCompany }), z.minimum(1, PRODUCT_PRICES_MESSAGES.badCompany), z.maximum(2_147_483_647, PRODUCT_PRICES_MESSAGES.badCompany)),
    ),
  ),
});
export type ProductPricesQuery = z.output<typeof productPricesQuery>;

/** A list a price came from; `lists[i]` of the overlay. */
export const overlayList = z.object({ code: z.string(), name: z.string() });

/** One step of a SKU's ladder: from this quantity on, this price, from list `list` (an index into `lists`; null = base price). */
export const overlayStep = z.object({
  from: z.int(),
  price: z.nullable(decimalText),
  list: z.nullable(z.int()),
});

/**
 * A SKU whose price for this company is not the catalogue's base price at some quantity: `steps[0]`
 * is the price of one unit, the others the quantity breaks (`priceLadder`, common/domain/contract-prices.ts).
 */
export const overlayPrice = z.object({
  id: z.int(),
  steps: z.array(overlayStep),
});

/**
 * The per-company price overlay beside the one shared catalogue body (docs/decisions/0232): only the
 * SKUs whose price differs from the base, for `companyId` (null: nobody's prices, an empty overlay), on `today`.
 */
export const productPricesResponse = z.object({
  companyId: z.nullable(z.int()),
  /** The company's name, for an admin who chose it by number. */
  companyName: z.nullable(z.string()),
  today: z.string(),
  lists: z.array(overlayList),
  prices: z.array(overlayPrice),
});
export type ProductPrices = z.infer<typeof productPricesResponse>;
export type OverlayPrice = z.infer<typeof overlayPrice>;
