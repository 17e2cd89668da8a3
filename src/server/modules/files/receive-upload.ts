import { cleanFileName, expectedUploadType, FILE_MESSAGES, tooLargeMessage, type UploadMimeType } from '@common/domain/file-rules';
import type { FastifyRequest } from 'fastify';
import { receiveFile, type UploadKind } from '../../lib/upload';

export interface ReceivedFile {
  originalName: string;
  type: UploadMimeType;
  data: Buffer;
  sha256: string;
}

export interface ReceivedUpload {
  file: ReceivedFile | undefined;
  /** The text fields, as sent (validated by the caller). */
  fields: Record<string, string>;
}

const KIND_OF_TYPE: Record<UploadMimeType, UploadKind> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpeg' };
const TYPE_OF_KIND: Partial<Record<UploadKind, UploadMimeType>> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };

/**
 * POST /api/files (file, name, folderId) through the upload module: the
 * extension must be an allowed one and the content (magic bytes) must be what it
 * promises; at most MAX_UPLOAD_MB, counted as the bytes stream in.
 */
export async function receiveUpload(request: FastifyRequest, maxMegabytes: number): Promise<ReceivedUpload> {
  const { file, fields } = await receiveFile(request, {
    maxBytes: maxMegabytes * 1024 * 1024,
    accept: ['pdf', 'png', 'jpeg'],
    requireKnownName: true,
    kindFromName: (name) => {
      const type = expectedUploadType(cleanFileName(name));
      return type ? KIND_OF_TYPE[type] : undefined;
    },
    messages: {
      noFile: FILE_MESSAGES.fileRequired,
      tooLarge: tooLargeMessage(maxMegabytes),
      wrongType: FILE_MESSAGES.wrongType,
      contentMismatch: FILE_MESSAGES.contentMismatch,
      empty: FILE_MESSAGES.empty,
    },
  });
  const type = file && TYPE_OF_KIND[file.kind];
  return {
    fields,
    file: file && type ? { originalName: cleanFileName(file.filename), type, data: file.data, sha256: file.sha256 } : undefined,
  };
}
