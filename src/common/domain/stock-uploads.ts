/** Where a stock upload came from: the admin's browser (previewed first) or an API token (applied at once). ADR 0191. */
export const STOCK_UPLOAD_SOURCES = ['browser', 'api'] as const;
export type StockUploadSource = (typeof STOCK_UPLOAD_SOURCES)[number];

/**
 * previewed -> applied (Confirm) or cancelled (Cancel); API uploads are applied from the start.
 * A file refused for its problems is recorded `rejected`, with them (docs/decisions/0211).
 */
export const STOCK_UPLOAD_STATUSES = ['previewed', 'applied', 'cancelled', 'rejected'] as const;
export type StockUploadStatus = (typeof STOCK_UPLOAD_STATUSES)[number];

export const STOCK_UPLOAD_STATUS_LABELS: Record<StockUploadStatus, string> = {
  previewed: 'Previewed, not applied',
  applied: 'Applied',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * What an upload replaced (ADR 0196): the stock CSV (products), or the lots or incoming loads of
 * the SKUs a file lists; or the user accounts a users file created (docs/decisions/0225); or the
 * entries of the price lists a price list file names (docs/decisions/0231). One history holds them all.
 */
export const STOCK_UPLOAD_KINDS = ['stock', 'lots', 'incoming', 'users', 'price_list'] as const;
export type StockUploadKind = (typeof STOCK_UPLOAD_KINDS)[number];

/**
 * Every kind of file the upload table keeps: the stock history's three, and the merchandise
 * workbook, previewed and confirmed through the same table (docs/decisions/0214). The stock upload
 * history lists only STOCK_UPLOAD_KINDS.
 */
export const UPLOAD_KINDS = [...STOCK_UPLOAD_KINDS, 'merchandise', 'rep_assignments'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const STOCK_UPLOAD_KIND_LABELS: Record<StockUploadKind, string> = {
  stock: 'Stock',
  lots: 'Lots',
  incoming: 'Incoming',
  users: 'Users',
  price_list: 'Price list',
};

/**
 * A preview (stock, lots or incoming) may be confirmed only by whoever made it, and only within an
 * hour; previews never decided are deleted, file and all, a day after they were made, and at once
 * when their user is deleted (docs/decisions/0204, the retention job).
 */
export const PREVIEW_CONFIRMABLE_MINUTES = 60;
export const PREVIEW_KEEP_HOURS = 24;

export const STOCK_UPLOAD_MESSAGES = {
  notFound: 'Upload not found',
  notYours: 'Only the person who previewed this file can confirm it, so nothing was changed. Preview the file yourself to apply it.',
  expired: `This preview is more than ${PREVIEW_CONFIRMABLE_MINUTES} minutes old, so nothing was changed. Preview the file again.`,
  alreadyDecided: 'This upload was already applied or cancelled; upload the file again to make another change.',
  catalogueChanged: 'The catalogue changed since the preview, so nothing was changed. Preview the file again.',
  /** A lots or incoming preview: an order, a PUT or another upload changed the listed SKUs' lots (loads) since. */
  lotsChanged: 'The lots of the SKUs in this file changed since the preview (an order or another upload), so nothing was changed. Preview the file again.',
  incomingChanged: 'The incoming loads of the SKUs in this file changed since the preview, so nothing was changed. Preview the file again.',
  wrongKind: (kind: UploadKind, id: number) => `Upload ${id} is a ${kind} file; confirm it with POST ${confirmPathOf(kind, id)}. Nothing was changed.`,
} as const;

/** Where an upload of each kind is confirmed: each kind is applied by its own module. */
export function confirmPathOf(kind: UploadKind, id: number | string = '{id}'): string {
  if (kind === 'merchandise') return `/api/admin/merchandise/uploads/${id}/confirm`;
  if (kind === 'users') return `/api/users/imports/${id}/confirm`;
  if (kind === 'price_list') return `/api/admin/price-lists/uploads/${id}/confirm`;
  if (kind === 'rep_assignments') return `/api/companies/reps/imports/${id}/confirm`;
  return kind === 'stock' ? `/api/stock/uploads/${id}/confirm` : `/api/stock/${kind}/uploads/${id}/confirm`;
}
