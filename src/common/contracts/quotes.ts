import { isIsoDate } from '../domain/business-days';
import { QUOTE_STATUSES } from '../domain/quotes';
import { itemQuantity, productId } from './carts';
import { placeOrderBody } from './orders';
import { idSchema, safeText } from './common';
import { parsePriceText } from './price-lists';
import { z } from './zod';

/*
 * Project quotes (docs/decisions/0237-project-quotes.md) and their lot holds (0236): a dealer asks,
 * an admin (or salesperson, above the floor) prices and sends, the dealer accepts or declines and
 * orders from it. One contract per call, used by the form, the route and the answer.
 */

export const QUOTE_FORM_MESSAGES = {
  projectName: 'Project name is required',
  projectNameLong: 'Project name must be at most 200 characters',
  textLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  date: 'Enter a date as YYYY-MM-DD',
  noLines: 'Add at least one line',
  tooManyLines: 'A quote has at most 200 lines',
  quantityOrArea: 'Enter boxes or square feet',
  area: 'Area must be more than 0 and at most 1,000,000 sq ft',
  waste: 'Waste must be between 0 and 100%',
  price: 'Enter a price such as 7.25',
} as const;

const text = (field: string, max: number) => z._default(safeText().check(z.trim(), z.maxLength(max, QUOTE_FORM_MESSAGES.textLong(field, max))), '');
const isoDate = z.string({ error: QUOTE_FORM_MESSAGES.date }).check(z.trim(), z.refine(isIsoDate, { error: QUOTE_FORM_MESSAGES.date }));

export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

/** One line of a request: whole boxes, or square feet (rounded up to whole boxes with the waste, 10% unless given). */
export const quoteRequestLine = z
  .object({
    productId,
    quantity: z.optional(itemQuantity),
    areaSqft: z.optional(z.number({ error: QUOTE_FORM_MESSAGES.area }).check(z.positive({ error: QUOTE_FORM_MESSAGES.area }), z.maximum(1_000_000, { error: QUOTE_FORM_MESSAGES.area }))),
    wastePercent: z.optional(z.number({ error: QUOTE_FORM_MESSAGES.waste }).check(z.int({ error: QUOTE_FORM_MESSAGES.waste }), z.minimum(0, { error: QUOTE_FORM_MESSAGES.waste }), z.maximum(100, { error: QUOTE_FORM_MESSAGES.waste }))),
    holdOneLot: z._default(z.boolean(), false),
  })
  .check(z.refine((l) => l.quantity !== undefined || l.areaSqft !== undefined, { error: QUOTE_FORM_MESSAGES.quantityOrArea, path: ['quantity'] }));

/** POST /api/quotes: a dealer's request for a project. */
export const requestQuoteBody = z.object({
  projectName: z.string({ error: QUOTE_FORM_MESSAGES.projectName }).check(z.trim(), z.minLength(1, QUOTE_FORM_MESSAGES.projectName), z.maxLength(200, QUOTE_FORM_MESSAGES.projectNameLong)),
  siteAddress: text('Site address', 500),
  contractor: text('Contractor', 200),
  installDate: z.optional(z.nullable(isoDate)),
  notes: text('Notes', 2000),
  lines: z.array(quoteRequestLine).check(z.minLength(1, QUOTE_FORM_MESSAGES.noLines), z.maxLength(200, QUOTE_FORM_MESSAGES.tooManyLines)),
});
export type RequestQuoteBody = z.input<typeof requestQuoteBody>;

const priceValue = z.pipe(
  z.union([z.string({ error: QUOTE_FORM_MESSAGES.price }), z.number({ error: QUOTE_FORM_MESSAGES.price })], { error: QUOTE_FORM_MESSAGES.price }),
  z.transform((v, ctx) => {
    const parsed = parsePriceText(v);
    if (parsed === null) ctx.issues.push({ code: 'custom', message: QUOTE_FORM_MESSAGES.price, input: v });
    return parsed ?? '0.00';
  }),
);

/** POST /api/quotes/{id}/send: the price of every line, the lots to hold, validity and notes; the quote becomes quoted. */
export const sendQuoteBody = z.object({
  validUntil: isoDate,
  notes: text('Notes', 2000),
  lines: z.array(
    z.object({
      id: idSchema('Unknown quote line'),
      quotedPrice: priceValue,
      /** The lot to hold for the line (its whole quantity), or null for none. */
      holdLotId: z.optional(z.nullable(idSchema('Unknown lot'))),
    }),
  ).check(z.minLength(1, QUOTE_FORM_MESSAGES.noLines)),
});
export type SendQuoteBody = z.input<typeof sendQuoteBody>;

/** POST /api/quotes/{id}/extend: an admin moves the validity (and the holds' end, at most 90 days from now). */
export const extendQuoteBody = z.object({ validUntil: isoDate });

const checkout = placeOrderBody.shape;

/**
 * POST /api/quotes/{id}/orders: an order from an accepted quote, with the checkout's delivery choices
 * (docs/decisions/0242): pickup, or shipped to a saved location (`locationId`) or a typed address
 * (`shipToAddress`, saved with `saveShipTo`), and a requested date, each read as POST /api/orders reads it.
 */
export const orderFromQuoteBody = z.object({
  lines: z.array(z.object({ quoteLineId: idSchema('Unknown quote line'), quantity: z.number().check(z.int(), z.minimum(0)) })).check(z.minLength(1, 'Choose at least one line to order')),
  poReference: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100, 'PO reference must be at most 100 characters')))),
  notes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000, 'Notes must be at most 2000 characters')))),
  deliveryType: checkout.deliveryType,
  locationId: checkout.locationId,
  shipToAddress: checkout.shipToAddress,
  saveShipTo: checkout.saveShipTo,
  requestedDate: checkout.requestedDate,
});
export type OrderFromQuoteBody = z.input<typeof orderFromQuoteBody>;

export const quoteLotOption = z.object({ id: z.int(), lot: z.string(), shade: z.nullable(z.string()), caliber: z.nullable(z.string()), warehouse: z.string(), free: z.int() });

export const quoteLineView = z.object({
  id: z.int(),
  productId: z.int(),
  productName: z.string(),
  soldBy: z.string(),
  coverage: z.string(),
  quantity: z.int(),
  areaSqft: z.nullable(z.string()),
  wastePercent: z.nullable(z.int()),
  quotedPrice: z.nullable(z.string()),
  /** The company's contract price for the line's quantity now (the one price rule), shown beside the quoted price. */
  contractPrice: z.nullable(z.string()),
  holdOneLot: z.boolean(),
  heldLot: z.nullable(z.string()),
  /** Boxes the hold still keeps for this quote (0 once drawn or released). */
  heldBoxes: z.int(),
  holdExpiresAt: z.nullable(z.string()),
  quantityUsed: z.int(),
  /** Pricers only: the lowest price anyone has for the SKU; below it only an admin goes. */
  floorPrice: z.optional(z.nullable(z.string())),
  /** Pricers only: the SKU's lots with their free boxes, to choose the one to hold. */
  lots: z.optional(z.array(quoteLotOption)),
});
export type QuoteLineView = z.infer<typeof quoteLineView>;

export const quoteSummary = z.object({
  id: z.int(),
  number: z.string(),
  companyId: z.int(),
  companyName: z.string(),
  projectName: z.string(),
  status: quoteStatusSchema,
  validUntil: z.nullable(z.string()),
  requestedBy: z.string(),
  /** A rep acting for the company asked for it (docs/decisions/0242): the rep, beside the company. */
  requestedByRep: z.nullable(z.object({ userId: z.nullable(z.int()), name: z.string() })),
  lineCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummary>;

export const quoteView = z.object({
  ...quoteSummary.shape,
  siteAddress: z.string(),
  contractor: z.string(),
  installDate: z.nullable(z.string()),
  dealerNotes: z.string(),
  notes: z.string(),
  pricedBy: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** Sum of quoted price x quantity over priced lines. */
  total: z.nullable(z.string()),
  lines: z.array(quoteLineView),
});
export type QuoteView = z.infer<typeof quoteView>;

export const quotesQuery = z.object({
  status: z.optional(quoteStatusSchema),
  companyId: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export const quotesResponse = z.object({ quotes: z.array(quoteSummary) });
export type QuotesResponse = z.infer<typeof quotesResponse>;

/** A quote's number as people read it: "Q-12". */
export const quoteNumber = (id: number) => `Q-${id}`;
