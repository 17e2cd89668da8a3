import { z } from './zod';
import { idSchema } from './common';
import { MERCHANDISE_IMPORT_MESSAGES } from '../domain/merchandise-import';
import { cartMerchandiseEntry, merchandiseTypeSchema } from './carts';

/**
 * Display, Label, Price list entry, Handboard as GET /api/merchandise/* sends
 * them: the cart entry's descriptive fields with the row id and the catalogue price.
 */
export const merchandiseItem = z.extend(
  z.pick(cartMerchandiseEntry, { type: true, code: true, name: true, description: true, line: true, category: true, handboardType: true }),
  { id: z.int(), price: z.string() },
);
export type MerchandiseItem = z.infer<typeof merchandiseItem>;

export const merchandiseListResponse = z.array(merchandiseItem);

/** The four list calls, by path segment. */
export const MERCHANDISE_PATHS = {
  display: 'displays',
  handboard: 'handboards',
  label: 'labels',
  pricelist: 'pricelists',
} as const;

/** One bad row of an upload: where it is and everything wrong with it. */
export const merchandiseRowIssue = z.object({ sheet: z.string(), row: z.int(), messages: z.array(z.string()) });
export type MerchandiseRowIssue = z.infer<typeof merchandiseRowIssue>;

/** 400 answer of POST /api/admin/merchandise/upload: nothing was saved. */
export const merchandiseUploadErrorBody = z.object({ message: z.string(), rows: z.array(merchandiseRowIssue) });
export type MerchandiseUploadErrorBody = z.infer<typeof merchandiseUploadErrorBody>;

const merchandiseKey = z.object({ type: merchandiseTypeSchema, code: z.string() });

/** 200 answer: counts per outcome and the codes added and updated; codes not in the file are kept (docs/decisions/0050). */
export const merchandiseUploadResponse = z.object({
  inserted: z.int(),
  updated: z.int(),
  total: z.int(),
  byType: z.record(merchandiseTypeSchema, z.int()),
  added: z.array(merchandiseKey),
  updatedCodes: z.array(merchandiseKey),
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

/**
 * Manage Merchandise (docs/decisions/0131): GET /api/admin/merchandise lists every item,
 * deactivated ones too, which salespeople no longer see.
 */
export const merchandiseAdminItem = z.extend(merchandiseItem, { active: z.boolean() });
export type MerchandiseAdminItem = z.infer<typeof merchandiseAdminItem>;
export const merchandiseAdminListResponse = z.array(merchandiseAdminItem);

export const merchandiseIdParams = z.object({ id: z.coerce.number().check(z.int(), z.positive('Unknown merchandise item')) });

/** A blank optional field is stored as null, as the upload does. */
const optionalText = (label: string, max: number) =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(max, MERCHANDISE_IMPORT_MESSAGES.tooLong(label, max))),
    z.transform((v) => (v === '' ? null : v)),
  );

/**
 * PATCH /api/admin/merchandise/:id: the edit dialog's form, the route's body. Type and
 * code stay: they are the key carts and orders use.
 */
export const merchandiseEditBody = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, MERCHANDISE_IMPORT_MESSAGES.nameRequired), z.maxLength(200, MERCHANDISE_IMPORT_MESSAGES.tooLong('Name', 200))),
  description: optionalText('Description', 2000),
  line: optionalText('Line', 200),
  category: optionalText('Category', 200),
  handboardType: optionalText('Handboard type', 100),
  price: z.pipe(
    z.string().check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, MERCHANDISE_IMPORT_MESSAGES.badPrice)),
    z.transform((v) => Number(v).toFixed(2)),
  ),
});
export type MerchandiseEditInput = z.input<typeof merchandiseEditBody>;
export type MerchandiseEditBody = z.output<typeof merchandiseEditBody>;

/** DELETE /api/admin/merchandise/:id: deleted outright, or deactivated because carts or orders refer to it. */
export const merchandiseRemoveResponse = z.object({
  outcome: z.enum(['deleted', 'deactivated']),
  message: z.string(),
  /** Carts the item was taken out of, and orders that keep it in their lines. */
  carts: z.int(),
  orders: z.int(),
});
export type MerchandiseRemoveResponse = z.infer<typeof merchandiseRemoveResponse>;

export const MERCHANDISE_ADMIN_MESSAGES = {
  notFound: 'Merchandise item not found',
  deactivated: 'This item is no longer available',
} as const;

/*
 * The workbook previewed before it is applied (docs/decisions/0214, as the stock and lots files,
 * ADR 0191 and 0196): POST /api/admin/merchandise/upload/preview reads and checks the workbook and
 * compares it with the merchandise now, changing nothing; the file is kept as a `previewed` upload;
 * POST /api/admin/merchandise/uploads/{id}/confirm applies exactly that preview, or answers 409 when
 * the merchandise changed since; .../cancel drops it.
 */

/** Most items each list of a preview names; the counts cover them all. */
export const MERCHANDISE_PREVIEW_LIST_LIMIT = 500;

/** The fields a row sets, as the preview names them. */
export const MERCHANDISE_FIELD_LABELS = {
  name: 'Name',
  description: 'Description',
  line: 'Line',
  category: 'Category',
  handboardType: 'Handboard type',
  price: 'Price',
  active: 'Listed',
} as const;
export type MerchandiseField = keyof typeof MERCHANDISE_FIELD_LABELS;

export const merchandiseFieldChange = z.object({
  field: z.enum(Object.keys(MERCHANDISE_FIELD_LABELS) as [MerchandiseField, ...MerchandiseField[]]),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type MerchandiseFieldChange = z.infer<typeof merchandiseFieldChange>;

const merchandiseRef = z.object({ type: merchandiseTypeSchema, code: z.string(), name: z.string() });

/** A blank cell that clears what an existing item has: applied as asked, but said first. */
export const merchandisePreviewWarning = z.object({ sheet: z.string(), row: z.int(), type: merchandiseTypeSchema, code: z.string(), message: z.string() });
export type MerchandisePreviewWarning = z.infer<typeof merchandisePreviewWarning>;

export const merchandisePreviewCounts = z.object({
  /** Data rows read (example rows left out). */
  rows: z.int(),
  added: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  /** Items in the portal that the workbook leaves out: kept as they are (docs/decisions/0050). */
  notInFile: z.int(),
  warnings: z.int(),
});
export type MerchandisePreviewCounts = z.infer<typeof merchandisePreviewCounts>;

/** POST /api/admin/merchandise/upload/preview */
export const merchandisePreviewResponse = z.object({
  /** The kept upload; confirm or cancel it by this id. */
  uploadId: z.int(),
  filename: z.string(),
  counts: merchandisePreviewCounts,
  added: z.array(merchandiseRef),
  changed: z.array(z.extend(merchandiseRef, { changes: z.array(merchandiseFieldChange) })),
  notInFile: z.array(merchandiseRef),
  warnings: z.array(merchandisePreviewWarning),
});
export type MerchandisePreviewResponse = z.infer<typeof merchandisePreviewResponse>;

export const merchandiseUploadIdParams = z.object({ id: idSchema('Upload not found') });

/** POST /api/admin/merchandise/uploads/{id}/cancel */
export const merchandiseCancelResponse = z.object({ id: z.int(), status: z.literal('cancelled') });

export const MERCHANDISE_PREVIEW_MESSAGES = {
  changedSince: 'The merchandise changed since the preview (an edit or another upload), so nothing was changed. Preview the workbook again.',
  cleared: (label: string, before: string) => `${label} "${before}" becomes empty`,
} as const;
