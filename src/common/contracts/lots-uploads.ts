import { incomingView, lotView } from './lots';
import { stockUploadWarnings } from './stock';
import { z } from './zod';

/*
 * The lots and incoming files previewed, confirmed and kept in the upload history (ADR 0196,
 * following the stock upload's ADR 0191). POST /api/stock/{lots,incoming}/upload/preview reads
 * and checks the file and compares it with the listed SKUs' lots (loads) without changing
 * anything; the file is kept as a `previewed` upload; POST /api/stock/{lots,incoming}/uploads/{id}/confirm
 * applies exactly that preview, or answers 409 when those lots changed since.
 */

/** Most SKUs each list of a preview names; the counts cover them all. */
export const LOTS_PREVIEW_LIST_LIMIT = 500;

/**
 * What a file does, counted over all its SKUs. A lot is the same lot when its code is; a load
 * is the same load when its reference is (else its lot; else the one load left on each side).
 */
export const lotsPreviewCounts = z.object({
  /** Data rows read. */
  rows: z.int(),
  /** SKUs listed: each gets exactly the file's lots (loads). */
  skus: z.int(),
  added: z.int(),
  /** Same lot (load), other boxes, shade, caliber, warehouse (ETA, stage). */
  changed: z.int(),
  /** Lots (loads) of listed SKUs that the file leaves out. */
  removed: z.int(),
  unchanged: z.int(),
  /** SKUs whose stock level (incoming: quantity on order) moves. */
  levelsChanged: z.int(),
  warnings: z.int(),
});
export type LotsPreviewCounts = z.infer<typeof lotsPreviewCounts>;

/** The stock level (incoming: the quantity on order) of one SKU, before and after. */
export const levelChange = z.object({ sku: z.int(), name: z.string(), before: z.nullable(z.string()), after: z.string() });
export type LevelChange = z.infer<typeof levelChange>;

function skuChanges<T extends typeof lotView | typeof incomingView>(entry: T) {
  return z.object({
    sku: z.int(),
    name: z.string(),
    added: z.array(entry),
    changed: z.array(z.object({ before: entry, after: entry })),
    removed: z.array(entry),
    unchanged: z.int(),
  });
}

/** A held lot that a lots file brings below what quotes hold of it. */
export const heldLotWarning = z.object({ sku: z.int(), lot: z.string(), onShelf: z.int(), held: z.int(), quotes: z.array(z.string()) });
export type HeldLotWarningView = z.infer<typeof heldLotWarning>;

const lotSkuChanges = skuChanges(lotView);
const incomingSkuChanges = skuChanges(incomingView);
export type LotSkuChanges = z.infer<typeof lotSkuChanges>;
export type IncomingSkuChanges = z.infer<typeof incomingSkuChanges>;

function previewResponse<K extends 'lots' | 'incoming', S extends typeof lotSkuChanges | typeof incomingSkuChanges>(kind: K, changes: S) {
  return z.object({
    /** The kept upload; confirm or cancel it by this id. */
    uploadId: z.int(),
    kind: z.literal(kind),
    filename: z.string(),
    counts: lotsPreviewCounts,
    /** SKUs with anything added, changed or removed, by SKU (at most LOTS_PREVIEW_LIST_LIMIT). */
    skus: z.array(changes),
    /** How many SKUs have anything added, changed or removed (all of them, listed or not). */
    skusChanged: z.int(),
    /** SKUs whose level moves (at most LOTS_PREVIEW_LIST_LIMIT). */
    levels: z.array(levelChange),
    /** Unknown columns, ignored (the rows still apply). */
    warnings: stockUploadWarnings,
    moreWarnings: z.int(),
    /** Held lots the file brings below their holds or leaves out, naming the quotes (docs/decisions/0236); their holds are cut on confirm. */
    heldLots: z.optional(z.array(heldLotWarning)),
  });
}

/** POST /api/stock/lots/upload/preview */
export const lotsUploadPreviewResponse = previewResponse('lots', lotSkuChanges);
export type LotsUploadPreviewResponse = z.infer<typeof lotsUploadPreviewResponse>;

/** POST /api/stock/incoming/upload/preview */
export const incomingUploadPreviewResponse = previewResponse('incoming', incomingSkuChanges);
export type IncomingUploadPreviewResponse = z.infer<typeof incomingUploadPreviewResponse>;

export type LotsFilePreview = LotsUploadPreviewResponse | IncomingUploadPreviewResponse;

/**
 * A lots or incoming upload's counts in the history. A previewed (then confirmed) file has them
 * all; a file an integration sent straight to /upload is applied without the comparison, so it
 * has rows and SKUs only (ADR 0196).
 */
export const lotsUploadCounts = z.object({
  rows: z.int(),
  skus: z.int(),
  added: z.optional(z.int()),
  changed: z.optional(z.int()),
  removed: z.optional(z.int()),
  unchanged: z.optional(z.int()),
  levelsChanged: z.optional(z.int()),
  warnings: z.optional(z.int()),
});
export type LotsUploadCounts = z.infer<typeof lotsUploadCounts>;
