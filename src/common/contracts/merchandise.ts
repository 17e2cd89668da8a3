import { z } from 'zod';
import { cartMerchandiseEntry, merchandiseTypeSchema } from './carts';

/**
 * Spec §3 Display, Label, Price list entry, Handboard as GET /api/merchandise/* sends
 * them: the cart entry's descriptive fields with the row id and the catalogue price.
 */
export const merchandiseItem = cartMerchandiseEntry
  .pick({ type: true, code: true, name: true, description: true, line: true, category: true, handboardType: true })
  .extend({ id: z.number().int(), price: z.string() });
export type MerchandiseItem = z.infer<typeof merchandiseItem>;

export const merchandiseListResponse = z.array(merchandiseItem);

/** The four list calls of spec §7, by path segment. */
export const MERCHANDISE_PATHS = {
  display: 'displays',
  handboard: 'handboards',
  label: 'labels',
  pricelist: 'pricelists',
} as const;

/** One bad row of an upload: where it is and everything wrong with it. */
export const merchandiseRowIssue = z.object({ sheet: z.string(), row: z.number().int(), messages: z.array(z.string()) });
export type MerchandiseRowIssue = z.infer<typeof merchandiseRowIssue>;

/** 400 answer of POST /api/admin/merchandise/upload: nothing was saved. */
export const merchandiseUploadErrorBody = z.object({ message: z.string(), rows: z.array(merchandiseRowIssue) });
export type MerchandiseUploadErrorBody = z.infer<typeof merchandiseUploadErrorBody>;

/** 200 answer: counts per outcome; codes not in the file are kept (docs/decisions/0050). */
export const merchandiseUploadResponse = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  total: z.number().int(),
  byType: z.record(merchandiseTypeSchema, z.number().int()),
});
export type MerchandiseUploadResponse = z.infer<typeof merchandiseUploadResponse>;

export const MERCHANDISE_UPLOAD_MESSAGES = {
  invalidFile: 'Please select an Excel file (.xlsx)',
  notWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
  tooLarge: 'The workbook is too large',
  noRows: 'The workbook has no merchandise rows',
  rowsFailed: 'Please fix the following issues:',
  noFile: 'Please select an Excel file (.xlsx)',
} as const;
