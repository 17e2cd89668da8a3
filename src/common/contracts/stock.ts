import { z } from './zod';

/**
 * POST /api/stock/upload (the stock upload response and its failure messages).
 * Rows are numbered as a spreadsheet shows them: the header is row 1.
 */

/** A problem that rejects the whole file. */
export const schemaError = z.object({ row: z.int(), message: z.string(), sku: z.optional(z.string()) });
export type SchemaError = z.infer<typeof schemaError>;

/** A value that was not usable as given; the row was still imported (with the default). */
export const validationIssue = z.object({
  row: z.int(),
  issue: z.string(),
  field: z.string(),
  value: z.string(),
  /** The row's SKU as the file has it, when the row has one (docs/decisions/0211). */
  sku: z.optional(z.string()),
});
export type ValidationIssue = z.infer<typeof validationIssue>;

/** A value that was unusable and was emptied (a price that is not a number becomes CALL). */
export const nulledField = z.object({ row: z.int(), field: z.string(), originalValue: z.string(), sku: z.optional(z.string()) });
export type NulledField = z.infer<typeof nulledField>;

/** What happens to products that are in the catalogue but not in the file (docs/decisions/0012). */
export const STOCK_UPLOAD_MODES = ['keep', 'replace'] as const;
export const stockUploadQuery = z.object({
  mode: z._default(z.enum(STOCK_UPLOAD_MODES, { error: 'mode must be keep or replace' }), 'keep'),
  /**
   * mode=replace: the removalToken of the preview the admin confirmed. The upload is
   * refused (409) unless it would remove exactly the previewed products (docs/decisions/0130).
   */
  removalToken: z.optional(z.string().check(z.maxLength(100))),
});
export type StockUploadMode = (typeof STOCK_UPLOAD_MODES)[number];

export const stockUploadWarnings = z.object({
  validationIssues: z.array(validationIssue),
  nulledFields: z.array(nulledField),
});

export const stockUploadResponse = z.object({
  message: z.string(),
  mode: z.enum(STOCK_UPLOAD_MODES),
  /** Data rows read from the file. */
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  /** Products removed because they were not in the file (mode=replace only). */
  removed: z.array(z.int()),
  /** Products in the catalogue but not in the file, kept as they were (mode=keep). */
  missing: z.array(z.int()),
  /** Cart lines of removed products taken out of carts, and the carts they were in (mode=replace). */
  cartLinesRemoved: z.int(),
  cartsAffected: z.int(),
  warnings: stockUploadWarnings,
  /** Warnings beyond the ones listed (the lists stop at STOCK_ISSUE_LIST_LIMIT each). */
  moreWarnings: z.int(),
});
export type StockUploadResponse = z.infer<typeof stockUploadResponse>;

/** Most removed products a preview lists; the count and the token cover them all. */
export const STOCK_PREVIEW_LIST_LIMIT = 500;

/**
 * POST /api/stock/upload/preview: what mode=replace would remove for this file, and the
 * token that makes the confirmed upload remove exactly these products. Nothing is changed.
 */
export const stockReplacePreviewResponse = z.object({
  rows: z.int(),
  removedCount: z.int(),
  removed: z.array(z.object({ id: z.int(), name: z.string() })),
  /** Open cart lines that hold the removed products, and the carts they are in. */
  cartLines: z.int(),
  carts: z.int(),
  removalToken: z.string(),
});
export type StockReplacePreviewResponse = z.infer<typeof stockReplacePreviewResponse>;

export const STOCK_REPLACE_CHANGED = 'The catalogue changed since the preview, so nothing was changed. Preview the file again.';

/** 400 body when the file is rejected: nothing was changed. */
export const stockUploadErrorBody = z.object({
  message: z.string(),
  schemaErrors: z.array(schemaError),
  validationIssues: z.array(validationIssue),
  nulledFields: z.array(nulledField),
  /** Problems beyond the ones listed. */
  moreIssues: z.int(),
});
export type StockUploadErrorBody = z.infer<typeof stockUploadErrorBody>;

export const STOCK_ISSUE_LIST_LIMIT = 200;
export const STOCK_UPLOAD_SUCCESS = 'Stock levels have been updated successfully';
export const STOCK_UPLOAD_REJECTED = 'The file was not imported; nothing was changed';

/**
 * The stock CSV columns: Product field names, matched ignoring case,
 * spaces and underscores (docs/product-decisions.md#catalogue-and-stock). `id` is required.
 */
export const STOCK_CSV_COLUMNS = [
  'id',
  'name',
  'collection',
  'line',
  'size',
  'color',
  'finish',
  'soldBy',
  'description',
  'price',
  'imageUrl',
  'stockLevel',
  'coverage',
  'pricePerSqft',
  'quantityOnOrder',
] as const;
export type StockCsvColumn = (typeof STOCK_CSV_COLUMNS)[number];

/**
 * The lines of the Upload Failed / warnings toasts, "Row N: ...", with the row's SKU
 * when it has one ("Row 5 (SKU 1001): ..."), saying what is wrong with the value the file has
 * (docs/decisions/0211).
 */
export function rowLabel(row: number, sku?: string): string {
  return sku ? `Row ${row} (SKU ${sku})` : `Row ${row}`;
}
export function describeSchemaError(e: SchemaError): string {
  return `${rowLabel(e.row, e.sku)}: ${e.message}`;
}
export function describeValidationIssue(e: ValidationIssue): string {
  if (e.issue === UNKNOWN_COLUMN) return `${rowLabel(e.row, e.sku)}: the column "${e.field}" is not one the portal knows; it was ignored`;
  // Newer issues are whole sentences that quote the value already.
  if (e.value !== '' && e.issue.includes(`"${e.value}"`)) return `${rowLabel(e.row, e.sku)}: ${e.issue}`;
  return `${rowLabel(e.row, e.sku)}: ${e.issue} (${e.field}: ${e.value})`;
}
/** A value that was emptied: what was wrong with it and what the product gets instead. */
export function describeNulledField(e: NulledField): string {
  const what = NULLED_MEANING[e.field] ?? 'is not usable, so it is left empty';
  return `${rowLabel(e.row, e.sku)}: ${e.field} "${e.originalValue}" ${what}`;
}
export const UNKNOWN_COLUMN = 'Unknown column, ignored';
const NULLED_MEANING: Record<string, string> = {
  price: 'is not a number, so the product would show CALL',
  pricePerSqft: 'is not a number, so the product would show CALL per sq ft',
  imageUrl: 'is not a web address (http:// or https://), so the product would have no image',
};

/** Most SKUs one PATCH /api/stock may set; an ERP sends larger catalogues in several calls or as a CSV. */
export const STOCK_BATCH_LIMIT = 5000;

/**
 * PATCH /api/stock: sets the stock level of existing products by SKU, all or
 * nothing (docs/decisions/0160). A level is a whole number of 0 or more or one of
 * the two stock words, exactly as in the CSV.
 */
export const stockLevelsBody = z.object({
  items: z
    .array(
      z.object({
        sku: z.number({ error: 'SKU must be a number' }).check(z.int('SKU must be a whole number'), z.positive('SKU must be positive')),
        stockLevel: z.union([z.number(), z.string().check(z.maxLength(100))], { error: 'Stock level is required' }),
      }),
    )
    .check(z.minLength(1, 'Send at least one item'), z.maxLength(STOCK_BATCH_LIMIT, `Send at most ${STOCK_BATCH_LIMIT} items at once`)),
});
export type StockLevelsBody = z.input<typeof stockLevelsBody>;

export const stockLevelsResponse = z.object({
  message: z.string(),
  /** SKUs whose level changed. */
  updated: z.int(),
  unchanged: z.int(),
  /**
   * SKUs whose written level is not the one sent, and why: a rise that went first to backorders waiting
   * on the SKU's loads (docs/decisions/0241), or a SKU with lots, whose level is their sum (docs/decisions/0186).
   * The ERP then knows the number the portal shows.
   */
  adjusted: z.array(z.object({ sku: z.int(), sent: z.string(), stockLevel: z.string(), reason: z.string() })),
});
export type StockLevelsResponse = z.infer<typeof stockLevelsResponse>;
