/**
 * "File upload: pdf, jpg, jpeg, png; file required; name optional",
 * "Link: title and URL required", "Folder name: non-blank", and docs/product-decisions.md
 * "Links must be http or https URLs". Pure, so the forms and the server agree.
 */

/** The content type each allowed extension must really contain (checked by magic bytes on the server). */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const;
export type UploadExtension = keyof typeof UPLOAD_TYPES;
export type UploadMimeType = (typeof UPLOAD_TYPES)[UploadExtension];

/** For `<input type="file" accept>`: the extensions and their types. */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_TYPES).map((e) => `.${e}`), ...new Set(Object.values(UPLOAD_TYPES))].join(',');

export const FILE_MESSAGES = {
  fileRequired: 'Please choose a file to upload',
  wrongType: 'Only PDF, JPG and PNG files can be uploaded',
  contentMismatch: 'The file content does not match its extension',
  empty: 'The file is empty',
  oneFileOnly: 'Upload one file per request',
  folderNameRequired: 'Folder name is required',
  folderNameTaken: 'A folder with that name already exists here',
  titleAndUrlRequired: 'Title and URL are required',
  httpOnly: 'The URL must start with http:// or https://',
  folderNotFound: 'Folder not found',
  fileNotFound: 'File not found',
  linkNotFound: 'Link not found',
} as const;

export function tooLargeMessage(maxMegabytes: number): string {
  return `The file is too large. The limit is ${maxMegabytes} MB`;
}

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  // A trailing dot slices to ''.
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isUploadExtension(extension: string): extension is UploadExtension {
  return Object.hasOwn(UPLOAD_TYPES, extension);
}

/** The type a file of this name must contain, or undefined when the extension is not allowed. */
export function expectedUploadType(fileName: string): UploadMimeType | undefined {
  const extension = extensionOf(fileName);
  return isUploadExtension(extension) ? UPLOAD_TYPES[extension] : undefined;
}

/**
 * A name safe to show and to send back in Content-Disposition: the last path
 * segment only (browsers on Windows send "C:\\fakepath\\x.pdf"; an attacker may
 * send "../../x.pdf"), no control characters, at most 255 characters.
 * It is never used as a path: bytes live in the database.
 */
export function cleanFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = lastSegment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned.length <= 255) return cleaned;
  const extension = extensionOf(cleaned);
  return extension ? `${cleaned.slice(0, 254 - extension.length)}.${extension}` : cleaned.slice(0, 255);
}

/**
 * True for absolute http:// and https:// URLs; javascript:, data:, ftp: and relative paths are refused.
 * They always have a host: the URL parser refuses "http://" without one.
 */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** "PDF", "PNG", "JPG": the short label the file list shows beside the size. */
export function fileTypeLabel(mimeType: string): string {
  if (mimeType === 'application/pdf') return 'PDF';
  if (mimeType === 'image/png') return 'PNG';
  if (mimeType === 'image/jpeg') return 'JPG';
  return 'File';
}

export function isPreviewableImage(mimeType: string): boolean {
  return mimeType === 'image/png' || mimeType === 'image/jpeg';
}
