import { z } from './zod';
import { idSchema } from './common';
import { FILE_MESSAGES, isHttpUrl } from '../domain/file-rules';

/**
 * Folder, File, Link and the folders, files and links calls.
 * Items with no folder (folderId null) sit at the root, "All Files".
 */

const folderId = idSchema('Invalid folder id');

export const folder = z.object({
  id: z.int(),
  name: z.string(),
  parentId: z.nullable(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Folder = z.infer<typeof folder>;
export const folderList = z.array(folder);

export const createFolderBody = z.object({
  name: z
    .string({ error: FILE_MESSAGES.folderNameRequired })
    .check(z.trim(), z.minLength(1, FILE_MESSAGES.folderNameRequired), z.maxLength(200, 'Folder name must be at most 200 characters')),
  parentId: z.nullish(folderId),
});
export type CreateFolderBody = z.input<typeof createFolderBody>;

/** What deleting a folder takes with it (the confirmation says how much, docs/product-decisions.md). */
export const folderContents = z.object({
  folders: z.int(),
  files: z.int(),
  links: z.int(),
  bytes: z.int(),
});
export type FolderContents = z.infer<typeof folderContents>;

export const deleteFolderResponse = z.object({ ok: z.literal(true), deleted: folderContents });

/** GET /api/files and /api/links: `folderId` absent means the root. */
export const folderQuery = z.object({
  folderId: z.optional(idSchema('Invalid folder id')),
});
export type FolderQuery = z.infer<typeof folderQuery>;

export const fileEntry = z.object({
  id: z.int(),
  name: z.string(),
  originalName: z.string(),
  /** The content type, checked against the bytes at upload. */
  type: z.string(),
  /** Where to download it; add ?inline=1 to show it in the browser instead. */
  url: z.string(),
  size: z.int(),
  folderId: z.nullable(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileEntry = z.infer<typeof fileEntry>;
export const fileList = z.array(fileEntry);

/** The text fields of POST /api/files (multipart: file, name, folderId). */
export const uploadFields = z.object({
  name: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(200, 'Name must be at most 200 characters'))),
    z.transform((v) => v || undefined),
  ),
  folderId: z.pipe(
    z.optional(z.union([z.literal(''), z.literal('null'), idSchema('Invalid folder id')])),
    z.transform((v) => (typeof v === 'number' ? v : null)),
  ),
});
export type UploadFields = z.output<typeof uploadFields>;

export const downloadQuery = z.object({
  /** 1: show in the browser (preview); otherwise a download. */
  inline: z.optional(z.enum(['0', '1'])),
});

export const link = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  folderId: z.nullable(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Link = z.infer<typeof link>;
export const linkList = z.array(link);

export const createLinkBody = z.object({
  title: z
    .string({ error: FILE_MESSAGES.titleAndUrlRequired })
    .check(z.trim(), z.minLength(1, FILE_MESSAGES.titleAndUrlRequired), z.maxLength(200, 'Title must be at most 200 characters')),
  url: z
    .string({ error: FILE_MESSAGES.titleAndUrlRequired })
    .check(
      z.trim(),
      z.minLength(1, FILE_MESSAGES.titleAndUrlRequired),
      z.maxLength(2000, 'The URL must be at most 2000 characters'),
      z.refine(isHttpUrl, FILE_MESSAGES.httpOnly),
    ),
  description: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(1000, 'Description must be at most 1000 characters'))),
    z.transform((v) => v || null),
  ),
  folderId: z.nullish(folderId),
});
export type CreateLinkBody = z.input<typeof createLinkBody>;

/** The download path of a file (File.url). */
export function fileDownloadPath(id: number): string {
  return `/api/files/${id}/download`;
}
