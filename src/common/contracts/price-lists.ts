import { z } from './zod';
import { idSchema, MAX_ID } from './common';
import { schemaError } from './stock';
import { isIsoDate } from '../domain/business-days';

/*
 * Price lists: the admin screens, the price list file and the ERP's calls
 * (docs/decisions/0231-price-list-files-diff-and-version.md, on the tables of docs/decisions/0229).
 */

export const PRICE_LIST_MESSAGES = {
  notFound: 'Price list not found',
  codeRequired: 'Code is required',
  codeFormat: 'Code may use letters, digits, dashes, dots and underscores (at most 40 characters)',
  codeTaken: (code: string) => `A price list with the code ${code} already exists; choose another code`,
  nameRequired: 'Name is required',
  invalidDate: 'Date must be a date like 2026-01-31',
  toBeforeFrom: 'Valid to must be on or after valid from',
  invalidPrice: 'Price must be a number of at least 0 with at most 2 decimals, like 8.40',
  priceTooHigh: 'Price must be less than 10,000,000,000',
  invalidMinQuantity: 'Minimum quantity must be a whole number of at least 1',
  unknownSku: (sku: number) => `SKU ${sku} is not in the catalogue`,
  duplicateBreak: (minQuantity: number) => `The break from ${minQuantity} is listed twice`,
  breaksRequired: 'Give at least one price (a break from 1 is the plain price)',
  entryNotFound: 'This SKU has no entry in the list',
  companyNotFound: 'Company not found',
  assignmentNotFound: 'Assignment not found',
  targetRequired: 'Choose a company or give a price group code',
  priceGroupFormat: 'A price group is a code of letters, digits, dashes and underscores (at most 40 characters), like gold',
  invalidPriority: 'Priority must be a whole number between -1000 and 1000',
  notYourCompany: "You can only see your own company's prices",
  skusRequired: 'Give the SKUs to price in sku, like ?sku=1001,1002',
  tooManySkus: 'Ask for at most 500 SKUs at a time',
  changedSince: 'The entries of the lists in this file changed since the preview, so nothing was changed. Preview the file again.',
  rejected: 'The price list file was not imported; nothing was changed',
  tooManyEntries: 'A price list may hold at most 200,000 entries',
} as const;

/** A change of more than this share of the old price is flagged in the preview. */
export const PRICE_CHANGE_FLAG_PERCENT = 20;
/** Most entries each list of a preview names; the counts cover them all. */
export const PRICE_PREVIEW_ROWS_LIMIT = 500;
export const PRICE_LIST_PAGE_SIZE = 25;
export const MAX_PRICE_LIST_ENTRIES = 200_000;
export const MAX_PRICE = 9_999_999_999.99;

/** A list code as the file and the ERP write it; compared ignoring case. */
export const PRICE_LIST_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
export const PRICE_GROUP_CODE = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * A price as a person or a file writes it ("8.4", "$8.40", "1,234.50") as the numeric text stored
 * ("8.40"), or null when it is not a price of at least 0 with at most 2 decimals.
 */
export function parsePriceText(value: string | number): string | null {
  const text = String(value).trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const number = Number(text);
  if (!Number.isFinite(number) || number > MAX_PRICE) return null;
  return number.toFixed(2);
}

/** A minimum quantity cell: blank is 1; otherwise a whole number of at least 1. */
export function parseMinQuantity(value: string | number | undefined | null): number | null {
  const text = String(value ?? '').trim();
  if (text === '') return 1;
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

const code = z
  .string({ error: PRICE_LIST_MESSAGES.codeRequired })
  .check(z.trim(), z.minLength(1, PRICE_LIST_MESSAGES.codeRequired), z.regex(PRICE_LIST_CODE, PRICE_LIST_MESSAGES.codeFormat));
const listName = z
  .string({ error: PRICE_LIST_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, PRICE_LIST_MESSAGES.nameRequired), z.maxLength(100, 'Name must be at most 100 characters'));
/** A day or nothing; an empty string (a cleared date field) is nothing. */
const optionalDay = z.pipe(
  z.pipe(
    z.nullish(z.string({ error: PRICE_LIST_MESSAGES.invalidDate })),
    z.transform((v) => (v ? v.trim() || null : null)),
  ),
  z.nullable(z.string().check(z.refine(isIsoDate, { error: PRICE_LIST_MESSAGES.invalidDate }))),
);
const datesInOrder = z.refine<{ validFrom: string | null; validTo: string | null }>(
  (v) => !v.validFrom || !v.validTo || v.validTo >= v.validFrom,
  { error: PRICE_LIST_MESSAGES.toBeforeFrom, path: ['validTo'] },
);

const priceValue = z.pipe(
  z.union([z.string({ error: PRICE_LIST_MESSAGES.invalidPrice }), z.number({ error: PRICE_LIST_MESSAGES.invalidPrice })], { error: PRICE_LIST_MESSAGES.invalidPrice }),
  z.transform((v, ctx) => {
    const parsed = parsePriceText(v);
    if (parsed === null) ctx.issues.push({ code: 'custom', message: PRICE_LIST_MESSAGES.invalidPrice, input: v });
    return parsed ?? '0.00';
  }),
);
const minQuantity = z
  .number({ error: PRICE_LIST_MESSAGES.invalidMinQuantity })
  .check(z.int({ error: PRICE_LIST_MESSAGES.invalidMinQuantity }), z.minimum(1, PRICE_LIST_MESSAGES.invalidMinQuantity), z.maximum(2_147_483_647, PRICE_LIST_MESSAGES.invalidMinQuantity));
const sku = z.int({ error: 'SKU must be a whole number' }).check(z.positive({ error: 'SKU must be a whole number' }), z.maximum(2_147_483_647, 'SKU must be a whole number'));

/** POST /api/admin/price-lists and PATCH .../{id}: the list's header. */
export const priceListBody = z
  .object({ code, name: listName, validFrom: z._default(optionalDay, null), validTo: z._default(optionalDay, null) })
  .check(datesInOrder);
export type PriceListBody = z.input<typeof priceListBody>;

/** PUT /api/price-lists/{code}: the ERP's header (the code is the path's). */
export const putPriceListBody = z.object({ name: listName, validFrom: z._default(optionalDay, null), validTo: z._default(optionalDay, null) }).check(datesInOrder);
export type PutPriceListBody = z.input<typeof putPriceListBody>;

export const priceListCodeParams = z.object({ code });

export const priceListView = z.object({
  id: z.int(),
  code: z.string(),
  name: z.string(),
  validFrom: z.nullable(z.string()),
  validTo: z.nullable(z.string()),
  /** Entry rows (a SKU's plain price and each break) and SKUs priced. */
  entryCount: z.int(),
  skuCount: z.int(),
  assignmentCount: z.int(),
  updatedAt: z.string(),
});
export type PriceListView = z.infer<typeof priceListView>;

export const priceListsQuery = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
  page: z._default(z.coerce.number({ error: 'Invalid page' }).check(z.int({ error: 'Invalid page' }), z.minimum(1, 'Invalid page'), z.maximum(100_000, 'Invalid page')), 1),
});
export type PriceListsQuery = z.input<typeof priceListsQuery>;

export const priceListsPage = z.object({ lists: z.array(priceListView), total: z.int(), page: z.int(), pageSize: z.int() });
export type PriceListsPage = z.infer<typeof priceListsPage>;

export const priceListIdParams = z.object({ id: idSchema(PRICE_LIST_MESSAGES.notFound) });
export const priceListEntryParams = z.object({ id: idSchema(PRICE_LIST_MESSAGES.notFound), sku: idSchema(PRICE_LIST_MESSAGES.entryNotFound) });
export const priceListAssignmentParams = z.object({ id: idSchema(PRICE_LIST_MESSAGES.notFound), assignmentId: idSchema(PRICE_LIST_MESSAGES.assignmentNotFound) });

export const priceBreak = z.object({ minQuantity: z.int(), price: z.string() });
export type PriceBreak = z.infer<typeof priceBreak>;

/** One SKU of a list: its breaks from the lowest minimum, with the product's name and base price (null = CALL). */
export const priceListEntryView = z.object({
  sku: z.int(),
  /** Null when the SKU has left the catalogue (its contract price is kept). */
  name: z.nullable(z.string()),
  basePrice: z.nullable(z.string()),
  breaks: z.array(priceBreak),
});
export type PriceListEntryView = z.infer<typeof priceListEntryView>;

export const priceListEntriesQuery = priceListsQuery;
export const priceListEntriesPage = z.object({ entries: z.array(priceListEntryView), total: z.int(), page: z.int(), pageSize: z.int() });
export type PriceListEntriesPage = z.infer<typeof priceListEntriesPage>;

/** PUT /api/admin/price-lists/{id}/entries/{sku}: the SKU's breaks as they should be (only what differs is written). */
export const putPriceListEntryBody = z.object({
  breaks: z
    .array(z.object({ minQuantity: z._default(minQuantity, 1), price: priceValue }))
    .check(
      z.minLength(1, PRICE_LIST_MESSAGES.breaksRequired),
      z.maxLength(50, 'At most 50 breaks per SKU'),
      z.refine((b) => new Set(b.map((x) => x.minQuantity)).size === b.length, { error: 'Each break needs its own minimum quantity' }),
    ),
});
export type PutPriceListEntryBody = z.input<typeof putPriceListEntryBody>;

/** PUT /api/price-lists/{code}/entries: the list's whole set of entries; rows that differ are written, rows absent removed. */
export const putPriceListEntriesBody = z.object({
  entries: z
    .array(z.object({ sku, price: priceValue, minQuantity: z._default(minQuantity, 1) }))
    .check(z.maxLength(MAX_PRICE_LIST_ENTRIES, PRICE_LIST_MESSAGES.tooManyEntries)),
});
export type PutPriceListEntriesBody = z.input<typeof putPriceListEntriesBody>;

/** What one write did to a list's entry rows. */
export const entryChangeCounts = z.object({ added: z.int(), changed: z.int(), removed: z.int(), unchanged: z.int() });
export type EntryChangeCounts = z.infer<typeof entryChangeCounts>;

export const putPriceListEntriesResponse = z.object({ code: z.string(), ...entryChangeCounts.shape });
export type PutPriceListEntriesResponse = z.infer<typeof putPriceListEntriesResponse>;

export const putPriceListResponse = z.object({ created: z.boolean(), list: priceListView });

export const assignmentView = z.object({
  id: z.int(),
  companyId: z.nullable(z.int()),
  companyName: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  priceGroup: z.nullable(z.string()),
  priority: z.int(),
});
export type AssignmentView = z.infer<typeof assignmentView>;

export const priceListDetail = z.object({ list: priceListView, assignments: z.array(assignmentView) });
export type PriceListDetail = z.infer<typeof priceListDetail>;

const priority = z
  .number({ error: PRICE_LIST_MESSAGES.invalidPriority })
  .check(z.int({ error: PRICE_LIST_MESSAGES.invalidPriority }), z.minimum(-1000, PRICE_LIST_MESSAGES.invalidPriority), z.maximum(1000, PRICE_LIST_MESSAGES.invalidPriority));

/** POST /api/admin/price-lists/{id}/assignments: to a company or a price group; the same target again changes its priority. */
export const assignmentBody = z
  .object({
    companyId: z.optional(
      z.nullable(
        z.int({ error: PRICE_LIST_MESSAGES.companyNotFound }).check(z.positive({ error: PRICE_LIST_MESSAGES.companyNotFound }), z.maximum(MAX_ID, { error: PRICE_LIST_MESSAGES.companyNotFound })),
      ),
    ),
    priceGroup: z.optional(
      z.nullable(
        z.pipe(
          z.string().check(z.trim()),
          z.transform((v) => v.toLowerCase()),
        ).check(z.refine((v) => v === '' || PRICE_GROUP_CODE.test(v), PRICE_LIST_MESSAGES.priceGroupFormat)),
      ),
    ),
    priority: z._default(priority, 0),
  })
  .check(z.refine((v) => (v.companyId ? 1 : 0) + (v.priceGroup ? 1 : 0) === 1, { error: PRICE_LIST_MESSAGES.targetRequired, path: ['companyId'] }));
export type AssignmentBody = z.input<typeof assignmentBody>;

export const companyChoicesQuery = z.object({ search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))) });
export const companyChoice = z.object({ id: z.int(), name: z.string(), accountNumber: z.nullable(z.string()), priceGroup: z.nullable(z.string()) });
export type CompanyChoice = z.infer<typeof companyChoice>;
export const companyChoicesResponse = z.object({ companies: z.array(companyChoice) });

/** The file: list, sku, price, min_quantity (optional, 1 when blank or absent). */
export const PRICE_LIST_FILE_COLUMNS = ['list', 'sku', 'price', 'min_quantity'] as const;

export const priceEntryRef = z.object({ sku: z.int(), name: z.nullable(z.string()), minQuantity: z.int(), price: z.string() });
export type PriceEntryRef = z.infer<typeof priceEntryRef>;
export const priceEntryChange = z.object({
  sku: z.int(),
  name: z.nullable(z.string()),
  minQuantity: z.int(),
  before: z.string(),
  after: z.string(),
  /** (after - before) / before, in percent with one decimal; null when before is 0. */
  percent: z.nullable(z.number()),
  /** More than PRICE_CHANGE_FLAG_PERCENT either way (or from 0). */
  flagged: z.boolean(),
});
export type PriceEntryChange = z.infer<typeof priceEntryChange>;

export const priceListDiffCounts = z.object({ ...entryChangeCounts.shape, flagged: z.int() });
export type PriceListDiffCounts = z.infer<typeof priceListDiffCounts>;

export const priceListFilePreviewList = z.object({
  code: z.string(),
  name: z.string(),
  counts: priceListDiffCounts,
  /** At most PRICE_PREVIEW_ROWS_LIMIT each; flagged changes first. */
  added: z.array(priceEntryRef),
  changed: z.array(priceEntryChange),
  removed: z.array(priceEntryRef),
});
export type PriceListFilePreviewList = z.infer<typeof priceListFilePreviewList>;

export const priceListUploadCounts = z.object({
  rows: z.int(),
  lists: z.int(),
  added: z.int(),
  changed: z.int(),
  removed: z.int(),
  unchanged: z.int(),
  flagged: z.int(),
});
export type PriceListUploadCounts = z.infer<typeof priceListUploadCounts>;

export const priceListUploadPreview = z.object({
  uploadId: z.int(),
  filename: z.string(),
  counts: priceListUploadCounts,
  lists: z.array(priceListFilePreviewList),
});
export type PriceListUploadPreview = z.infer<typeof priceListUploadPreview>;

export const priceListUploadResult = z.object({ message: z.string(), counts: priceListUploadCounts });
export type PriceListUploadResult = z.infer<typeof priceListUploadResult>;

/** A refused file: every problem row named (at most 200 listed), nothing kept but the history's record. */
export const priceListUploadErrorBody = z.object({ message: z.string(), schemaErrors: z.array(schemaError), moreIssues: z.int() });
export type PriceListUploadErrorBody = z.infer<typeof priceListUploadErrorBody>;

export const priceListUploadIdParams = z.object({ id: idSchema('Upload not found') });

/** GET /api/companies/{id}/prices?sku=1001,1002 */
export const companyPricesQuery = z.object({
  sku: z.pipe(
    z.string({ error: PRICE_LIST_MESSAGES.skusRequired }),
    z.transform((v, ctx) => {
      const parts = v.split(',').map((p) => p.trim()).filter((p) => p !== '');
      if (parts.length === 0) ctx.issues.push({ code: 'custom', message: PRICE_LIST_MESSAGES.skusRequired, input: v });
      if (parts.length > 500) ctx.issues.push({ code: 'custom', message: PRICE_LIST_MESSAGES.tooManySkus, input: v });
      const skus = parts.map(Number);
      if (skus.some((s) => !Number.isInteger(s) || s < 1 || s > 2_147_483_647)) ctx.issues.push({ code: 'custom', message: 'Each SKU must be a whole number', input: v });
      return [...new Set(skus)];
    }),
  ),
});
export const companyIdParams = z.object({ id: idSchema(PRICE_LIST_MESSAGES.companyNotFound) });

const priceSource = z.nullable(z.object({ listCode: z.string(), listName: z.string(), minQuantity: z.int() }));
export const companyPriceView = z.object({
  sku: z.int(),
  /** False when the SKU is not in the catalogue: nothing to price. */
  found: z.boolean(),
  /** The price for one unit sold; null = CALL. */
  price: z.nullable(z.string()),
  basePrice: z.nullable(z.string()),
  source: priceSource,
  /** The prices as the quantity grows: each step from its quantity (`priceLadder`). */
  ladder: z.array(z.object({ fromQuantity: z.int(), price: z.nullable(z.string()), basePrice: z.nullable(z.string()), source: priceSource })),
});
export type CompanyPriceView = z.infer<typeof companyPriceView>;
export const companyPricesResponse = z.object({ companyId: z.int(), prices: z.array(companyPriceView) });
export type CompanyPricesResponse = z.infer<typeof companyPricesResponse>;

/** "3 lists, 120 rows: 4 added, 10 changed (2 over 20%), 1 removed": what a price list file did or would do. */
export function describePriceListCounts(c: PriceListUploadCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [`${n(c.lists)} ${c.lists === 1 ? 'list' : 'lists'}`, `${n(c.rows)} ${c.rows === 1 ? 'row' : 'rows'}: ${n(c.added)} added`];
  parts.push(`${n(c.changed)} changed${c.flagged > 0 ? ` (${n(c.flagged)} over ${PRICE_CHANGE_FLAG_PERCENT}%)` : ''}`, `${n(c.removed)} removed`, `${n(c.unchanged)} unchanged`);
  return parts.join(', ');
}
