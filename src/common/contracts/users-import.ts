import { z } from './zod';
import { idSchema } from './common';
import { roleSchema } from './auth';
import { userImportResult } from './users';

/*
 * The users import on the screen (docs/decisions/0225): the file is checked and shown first
 * (POST /api/users/import/preview), then applied by its upload id (POST /api/users/imports/{id}/confirm)
 * or dropped (.../cancel). A file with problems is the same 400 as POST /api/users/import's:
 * every refused row with its row number and message (errors[{ path: "rows.<row>.<field>" }]).
 */

/** What a users file did or would do; the history keeps these too. */
export const userImportCounts = z.object({
  /** Filled rows read, the template's example rows among them. */
  rows: z.int(),
  created: z.int(),
  skippedExamples: z.int(),
  warnings: z.int(),
});
export type UserImportCounts = z.infer<typeof userImportCounts>;

/** One account the file would create, as the preview lists it (the password is never sent back). */
export const userImportPreviewRow = z.object({
  row: z.int(),
  username: z.string(),
  role: roleSchema,
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  company: z.nullable(z.string()),
});
export type UserImportPreviewRow = z.infer<typeof userImportPreviewRow>;

/** Something the file does that may not be meant (docs/decisions/0211): row 1 is the header. */
export const userImportWarning = z.object({ row: z.int(), field: z.nullable(z.string()), message: z.string() });
export type UserImportWarning = z.infer<typeof userImportWarning>;

/** POST /api/users/import/preview: what Confirm would create; nothing is written but the kept preview. */
export const userImportPreview = z.object({
  /** The kept upload; confirm or cancel it by this id. */
  uploadId: z.int(),
  filename: z.string(),
  counts: userImportCounts,
  created: z.array(userImportPreviewRow),
  warnings: z.array(userImportWarning),
});
export type UserImportPreview = z.infer<typeof userImportPreview>;

/**
 * The preview with `Accept: application/x-ndjson`: once the file passed its checks, progress while
 * the passwords are hashed, then the preview (or an error line). A file with problems is still a 400.
 */
export const userImportPreviewEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.int(), total: z.int() }),
  z.object({ type: z.literal('preview'), preview: userImportPreview }),
  z.object({ type: z.literal('error'), status: z.int(), message: z.string() }),
]);
export type UserImportPreviewEvent = z.infer<typeof userImportPreviewEvent>;

export const userImportIdParams = z.object({ id: idSchema('Upload not found') });

/** POST /api/users/imports/{id}/confirm: the accounts created, as POST /api/users/import answers. */
export const confirmUserImportResponse = userImportResult;

/** POST /api/users/imports/{id}/cancel */
export const cancelUserImportResponse = z.object({ id: z.int(), status: z.literal('cancelled') });
