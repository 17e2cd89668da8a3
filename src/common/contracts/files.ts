import { z } from 'zod';
import { idSchema } from './common';
import { FILE_MESSAGES, isHttpUrl } from '../domain/file-rules';
import { lazySchema } from './lazy-schema';

/**
 * Spec §3 Folder, File, Link and the §7 folders, files and links calls.
 * Items with no folder (folderId null) sit at the root, "All Files".
 */

const folderId = lazySchema(() => idSchema('Invalid folder id'));

export const folder = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Folder = z.infer<typeof folder>;
export const folderList = lazySchema(() => z.array(folder));

export const createFolderBody = lazySchema(() =>
  z.object({
    name: z.string({ error: FILE_MESSAGES.folderNameRequired }).trim().min(1, FILE_MESSAGES.folderNameRequired).max(200, 'Folder name must be at most 200 characters'),
    parentId: folderId.nullable().optional(),
  }),
);
export type CreateFolderBody = z.input<typeof createFolderBody>;

/** What deleting a folder takes with it (the confirmation says how much, docs/product-decisions.md). */
export const folderContents = lazySchema(() =>
  z.object({
    folders: z.number().int(),
    files: z.number().int(),
    links: z.number().int(),
    bytes: z.number().int(),
  }),
);
export type FolderContents = z.infer<typeof folderContents>;

export const deleteFolderResponse = lazySchema(() => z.object({ ok: z.literal(true), deleted: folderContents }));

/** GET /api/files and /api/links: `folderId` absent means the root. */
export const folderQuery = lazySchema(() =>
  z.object({
    folderId: idSchema('Invalid folder id').optional(),
  }),
);
export type FolderQuery = z.infer<typeof folderQuery>;

export const fileEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    originalName: z.string(),
    /** The content type, checked against the bytes at upload. */
    type: z.string(),
    /** Where to download it; add ?inline=1 to show it in the browser instead. */
    url: z.string(),
    size: z.number().int(),
    folderId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type FileEntry = z.infer<typeof fileEntry>;
export const fileList = lazySchema(() => z.array(fileEntry));

/** The text fields of POST /api/files (multipart: file, name, folderId). */
export const uploadFields = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .max(200, 'Name must be at most 200 characters')
      .optional()
      .transform((v) => v || undefined),
    folderId: z
      .union([z.literal(''), z.literal('null'), idSchema('Invalid folder id')])
      .optional()
      .transform((v) => (typeof v === 'number' ? v : null)),
  }),
);
export type UploadFields = z.output<typeof uploadFields>;

export const downloadQuery = lazySchema(() =>
  z.object({
    /** 1: show in the browser (preview); otherwise a download. */
    inline: z.enum(['0', '1']).optional(),
  }),
);

export const link = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    folderId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Link = z.infer<typeof link>;
export const linkList = lazySchema(() => z.array(link));

export const createLinkBody = lazySchema(() =>
  z.object({
    title: z.string({ error: FILE_MESSAGES.titleAndUrlRequired }).trim().min(1, FILE_MESSAGES.titleAndUrlRequired).max(200, 'Title must be at most 200 characters'),
    url: z
      .string({ error: FILE_MESSAGES.titleAndUrlRequired })
      .trim()
      .min(1, FILE_MESSAGES.titleAndUrlRequired)
      .max(2000, 'The URL must be at most 2000 characters')
      .refine(isHttpUrl, FILE_MESSAGES.httpOnly),
    description: z
      .string()
      .trim()
      .max(1000, 'Description must be at most 1000 characters')
      .nullable()
      .optional()
      .transform((v) => v || null),
    folderId: folderId.nullable().optional(),
  }),
);
export type CreateLinkBody = z.input<typeof createLinkBody>;

/** The download path of a file (spec §3 File.url). */
export function fileDownloadPath(id: number): string {
  return `/api/files/${id}/download`;
}
