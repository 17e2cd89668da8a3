import { z } from './zod';
import { MERCHANDISE_IMPORT_MESSAGES } from '../domain/merchandise-import';
import { cartMerchandiseEntry, merchandiseTypeSchema } from './carts';

/**
 * Spec §3 Display, Label, Price list entry, Handboard as GET /api/merchandise/* sends
 * them: the cart entry's descriptive fields with the row id and the catalogue price.
 */
export const merchandiseItem = z.extend(
  z.pick(cartMerchandiseEntry, { type: true, code: true, name: true, description: true, line: true, category: true, handboardType: true }),
  { id: z.int(), price: z.string() },
);
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
