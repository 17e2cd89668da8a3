import {
  fileDownloadPath,
  uploadFields,
  type createFolderBody,
  type createLinkBody,
  type FileEntry,
  type Folder,
  type FolderContents,
  type Link,
} from '@common/contracts/files';
import { FILE_MESSAGES } from '@common/domain/file-rules';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import type { ReceivedUpload } from './receive-upload';
import * as repo from './repository';

export function toFolder(row: repo.FolderRow): Folder {
  return { id: row.id, name: row.name, parentId: row.parentId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toFileEntry(row: repo.FileRow): FileEntry {
  return {
    id: row.id,
    name: row.name,
    originalName: row.originalName,
    type: row.type,
    url: fileDownloadPath(row.id),
    size: row.size,
    folderId: row.folderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLink(row: repo.LinkRow): Link {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    description: row.description,
    folderId: row.folderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PostgreSQL's foreign-key violation: the folder went away between our check and the insert. */
function isMissingParent(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
}

async function withFolderCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isMissingParent(error)) throw new HttpError(404, FILE_MESSAGES.folderNotFound);
    throw error;
  }
}

async function requireFolder(db: DbOrTx, folderId: number | null | undefined): Promise<number | null> {
  if (folderId == null) return null;
  if (!(await repo.findFolder(db, folderId))) throw new HttpError(404, FILE_MESSAGES.folderNotFound);
  return folderId;
}

export type FilesService = ReturnType<typeof createFilesService>;

/**
 * Files & Links: everyone with view_stock lists, downloads and
 * opens; admins create and delete (the routes hold those rules). Deleting a
 * folder takes its subfolders, files and links with it (docs/product-decisions.md).
 */
export function createFilesService(deps: { db: Db; activity: ActivityService }) {
  const { db, activity } = deps;

  return {
    async listFolders(): Promise<Folder[]> {
      return (await repo.listFolders(db)).map(toFolder);
    },

    async createFolder(body: z.output<typeof createFolderBody>): Promise<Folder> {
      return db.transaction(async (tx) => {
        const parentId = await requireFolder(tx, body.parentId);
        if (await repo.siblingFolderNamed(tx, parentId, body.name)) throw new HttpError(409, FILE_MESSAGES.folderNameTaken);
        return toFolder(await withFolderCheck(() => repo.insertFolder(tx, { name: body.name, parentId })));
      });
    },

    async folderContents(id: number): Promise<FolderContents> {
      if (!(await repo.findFolder(db, id))) throw new HttpError(404, FILE_MESSAGES.folderNotFound);
      return repo.countFolderContents(db, id);
    },

    /** One transaction: what is counted is what is deleted. */
    async deleteFolder(id: number): Promise<FolderContents> {
      return db.transaction(async (tx) => {
        const deleted = await repo.countFolderContents(tx, id);
        if (!(await repo.deleteFolder(tx, id))) throw new HttpError(404, FILE_MESSAGES.folderNotFound);
        return deleted;
      });
    },

    async listFiles(folderId: number | undefined): Promise<FileEntry[]> {
      return (await repo.listFiles(db, folderId ?? null)).map(toFileEntry);
    },

    async createFile(upload: ReceivedUpload): Promise<FileEntry> {
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) throw new HttpError(400, fields.error.issues[0]?.message ?? 'Invalid upload');
      const { file } = upload;
      if (!file) throw new HttpError(400, FILE_MESSAGES.fileRequired);
      return db.transaction(async (tx) => {
        const folderId = await requireFolder(tx, fields.data.folderId);
        const row = await withFolderCheck(() =>
          repo.insertFile(
            tx,
            {
              name: fields.data.name ?? file.originalName,
              originalName: file.originalName,
              type: file.type,
              size: file.data.length,
              sha256: file.sha256,
              folderId,
            },
            file.data,
          ),
        );
        return toFileEntry(row);
      });
    },

    async findFile(id: number): Promise<repo.FileRow> {
      const row = await repo.findFile(db, id);
      if (!row) throw new HttpError(404, FILE_MESSAGES.fileNotFound);
      return row;
    },

    /**
     * The bytes from `start` to `end` (inclusive), read from PostgreSQL a
     * slice at a time so a large download never sits in memory whole.
     */
    async *readBytes(fileId: number, start: number, end: number, sliceBytes = 1024 * 1024): AsyncGenerator<Buffer> {
      for (let position = start; position <= end; position += sliceBytes) {
        const length = Math.min(sliceBytes, end - position + 1);
        const bytes = await repo.readFileBytes(db, fileId, position, length);
        // Deleted mid-download: end the response short rather than pretend it is complete.
        if (!bytes) throw new Error(`file ${fileId} was deleted during a download`);
        yield bytes;
      }
    },

    async recordDownload(actor: Actor, file: repo.FileRow, inline: boolean): Promise<void> {
      await activity.record(actor, {
        type: 'file_downloaded',
        // The row names who took the file, like every other row (its user column holds the id).
        description: `${actor.username} ${inline ? 'viewed' : 'downloaded'} file "${file.name}"`,
        userId: actor.userId,
        metadata: { fileId: file.id, name: file.name, originalName: file.originalName, size: file.size, inline },
      });
    },

    async deleteFile(id: number): Promise<void> {
      if (!(await repo.deleteFile(db, id))) throw new HttpError(404, FILE_MESSAGES.fileNotFound);
    },

    async listLinks(folderId: number | undefined): Promise<Link[]> {
      return (await repo.listLinks(db, folderId ?? null)).map(toLink);
    },

    async createLink(body: z.output<typeof createLinkBody>): Promise<Link> {
      return db.transaction(async (tx) => {
        const folderId = await requireFolder(tx, body.folderId);
        return toLink(
          await withFolderCheck(() => repo.insertLink(tx, { title: body.title, url: body.url, description: body.description, folderId })),
        );
      });
    },

    async deleteLink(id: number): Promise<void> {
      if (!(await repo.deleteLink(db, id))) throw new HttpError(404, FILE_MESSAGES.linkNotFound);
    },
  };
}
