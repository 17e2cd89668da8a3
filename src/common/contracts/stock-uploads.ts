import { z } from './zod';
import { idSchema } from './common';
import { rowLabel, schemaError, STOCK_UPLOAD_MODES, stockUploadWarnings } from './stock';
import { STOCK_UPLOAD_KINDS, STOCK_UPLOAD_SOURCES, STOCK_UPLOAD_STATUSES } from '../domain/stock-uploads';
import { lotsUploadCounts } from './lots-uploads';
import { userImportCounts } from './users-import';
import { priceListUploadCounts } from './price-lists';

/**
 * Stock upload preview, confirm, cancel and history (ADR 0191, extending ADR 0130's
 * replace preview). A browser upload is read, checked and compared with the catalogue
 * in a transaction that is always rolled back; the file is kept as a `previewed` upload
 * and applied only by POST /api/stock/uploads/{id}/confirm.
 */

/** Most products each list of the preview names; the counts cover them all. */
export const STOCK_PREVIEW_ROWS_LIMIT = 500;

export const stockFieldChange = z.object({ field: z.string(), before: z.nullable(z.string()), after: z.nullable(z.string()) });
export type StockFieldChange = z.infer<typeof stockFieldChange>;

const productRef = z.object({ id: z.int(), name: z.string() });

export const stockUploadCounts = z.object({
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  missing: z.int(),
  removed: z.int(),
  warnings: z.int(),
});
export type StockUploadCounts = z.infer<typeof stockUploadCounts>;

/**
 * What the file would do to an existing product without saying so (docs/decisions/0211): a blank
 * cell in a column the file has clears the field (or resets it to the spec's default), and a box
 * price changed while the price per sq ft stays. Both are warnings of the preview, before -> after.
 */
export const stockFieldWarning = z.object({
  kind: z.enum(['cleared', 'priceWithoutSqft']),
  row: z.int(),
  sku: z.int(),
  field: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  /** priceWithoutSqft: the price per sq ft that stays as it was. */
  pricePerSqft: z.nullable(z.string()),
});
export type StockFieldWarning = z.infer<typeof stockFieldWarning>;

const FIELD_WORDS: Record<string, string> = { pricePerSqft: 'price per sq ft', stockLevel: 'stock level', quantityOnOrder: 'quantity on order', soldBy: 'sold by', imageUrl: 'image', color: 'colour' };
const money = (value: string | null) => (value === null ? 'CALL' : `$${value}`);
const shown = (field: string, value: string | null) =>
  field === 'price' || field === 'pricePerSqft' ? money(value) : value === null || value === '' ? 'empty' : `"${value}"`;

/** "Row 3 (SKU 1001): description "Beige matte 12x24" → empty (blank cell)" */
export function describeFieldWarning(w: StockFieldWarning): string {
  const label = rowLabel(w.row, String(w.sku));
  if (w.kind === 'priceWithoutSqft') {
    return `${label}: price ${money(w.before)} → ${money(w.after)}, but the price per sq ft stays ${money(w.pricePerSqft)}`;
  }
  return `${label}: ${FIELD_WORDS[w.field] ?? w.field} ${shown(w.field, w.before)} → ${shown(w.field, w.after)} (blank cell)`;
}

export const stockUploadPreviewResponse = z.object({
  /** The kept upload; confirm or cancel it by this id. */
  uploadId: z.int(),
  filename: z.string(),
  counts: stockUploadCounts,
  created: z.array(productRef),
  changed: z.array(z.object({ id: z.int(), name: z.string(), changes: z.array(stockFieldChange) })),
  /** In the catalogue, not in the file: kept (Confirm) or removed (Confirm and remove). */
  missing: z.array(productRef),
  /** Open cart lines holding the missing products, and their carts: what a replace would take out. */
  cartLines: z.int(),
  carts: z.int(),
  warnings: stockUploadWarnings,
  moreWarnings: z.int(),
  /** Fields blank cells would clear and prices changed without their price per sq ft, in row order (counted in counts.warnings). */
  fieldWarnings: z.array(stockFieldWarning),
  moreFieldWarnings: z.int(),
  // ADR 0130's replace preview, unchanged for API clients that use it: rows read, what a
  // replace removes (the missing products) and the token that pins exactly that set.
  rows: z.int(),
  removedCount: z.int(),
  removed: z.array(productRef),
  removalToken: z.string(),
});
export type StockUploadPreviewResponse = z.infer<typeof stockUploadPreviewResponse>;

export const stockUploadIdParams = z.object({ id: idSchema('Upload not found') });

export const confirmStockUploadBody = z.object({
  mode: z._default(z.enum(STOCK_UPLOAD_MODES, { error: 'mode must be keep or replace' }), 'keep'),
});
export type ConfirmStockUploadBody = z.input<typeof confirmStockUploadBody>;

const historyEntryFields = {
  id: z.int(),
  filename: z.string(),
  username: z.string(),
  source: z.enum(STOCK_UPLOAD_SOURCES),
  status: z.enum(STOCK_UPLOAD_STATUSES),
  size: z.int(),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  /** A rejected file (docs/decisions/0211): its problems in row order (at most 200 listed) and how many there were. */
  problems: z.array(schemaError),
  problemCount: z.int(),
};

/** One upload of the history: a stock CSV, a lots or incoming file (ADR 0196), a users file (docs/decisions/0225) or a price list file (docs/decisions/0231), told apart by `kind`. */
export const stockUploadHistoryEntry = z.discriminatedUnion('kind', [
  z.object({
    ...historyEntryFields,
    kind: z.literal('stock'),
    mode: z.nullable(z.enum(STOCK_UPLOAD_MODES)),
    counts: stockUploadCounts,
  }),
  z.object({
    ...historyEntryFields,
    kind: z.enum(['lots', 'incoming']),
    /** Always null: a lots or incoming file replaces the listed SKUs' lots, whatever else there is. */
    mode: z.null(),
    counts: lotsUploadCounts,
  }),
  z.object({
    ...historyEntryFields,
    kind: z.literal('users'),
    /** Always null: a users file only creates accounts. */
    mode: z.null(),
    counts: userImportCounts,
  }),
  z.object({
    ...historyEntryFields,
    kind: z.literal('price_list'),
    /** Always null: a price list file sets the entries of the lists it names (docs/decisions/0231). */
    mode: z.null(),
    counts: priceListUploadCounts,
  }),
]);
export type StockUploadHistoryEntry = z.infer<typeof stockUploadHistoryEntry>;

export const STOCK_HISTORY_PAGE_SIZE = 50;
/** GET /api/stock/uploads?kind=lots: one kind only; without it, all three. */
export const stockUploadHistoryQuery = z.object({
  kind: z.optional(z.enum(STOCK_UPLOAD_KINDS, { error: `kind must be one of ${STOCK_UPLOAD_KINDS.join(', ')}` })),
});
export type StockUploadHistoryQuery = z.infer<typeof stockUploadHistoryQuery>;
export const stockUploadHistoryResponse = z.object({ uploads: z.array(stockUploadHistoryEntry) });
export type StockUploadHistoryResponse = z.infer<typeof stockUploadHistoryResponse>;

/** The answer to cancel: the upload as it now stands in the history. */
export const cancelStockUploadResponse = stockUploadHistoryEntry;
