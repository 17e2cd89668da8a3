/** Where a stock upload came from: the admin's browser (previewed first) or an API token (applied at once). ADR 0191. */
export const STOCK_UPLOAD_SOURCES = ['browser', 'api'] as const;
export type StockUploadSource = (typeof STOCK_UPLOAD_SOURCES)[number];

/** previewed -> applied (Confirm) or cancelled (Cancel); API uploads are applied from the start. */
export const STOCK_UPLOAD_STATUSES = ['previewed', 'applied', 'cancelled'] as const;
export type StockUploadStatus = (typeof STOCK_UPLOAD_STATUSES)[number];

export const STOCK_UPLOAD_STATUS_LABELS: Record<StockUploadStatus, string> = {
  previewed: 'Previewed, not applied',
  applied: 'Applied',
  cancelled: 'Cancelled',
};

export const STOCK_UPLOAD_MESSAGES = {
  notFound: 'Upload not found',
  alreadyDecided: 'This upload was already applied or cancelled; upload the file again to make another change.',
  catalogueChanged: 'The catalogue changed since the preview, so nothing was changed. Preview the file again.',
} as const;
