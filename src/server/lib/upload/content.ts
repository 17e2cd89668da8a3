import { fileTypeFromBuffer } from 'file-type';

/** The kinds of file the portal takes in, each recognised by its content. */
export type UploadKind = 'pdf' | 'png' | 'jpeg' | 'csv' | 'xlsx';

/** file-type's own advice: 4100 bytes are enough to recognise every type it knows. */
export const SNIFF_BYTES = 4100;

/** What the first bytes say: a kind we know, a zip (a workbook or not: the zip guard decides), other binary, or text. */
export type Sniffed = 'pdf' | 'png' | 'jpeg' | 'zip' | 'binary' | 'text';

export async function sniff(head: Buffer): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (detected.mime === 'application/pdf') return 'pdf';
    // An animated PNG is still a PNG.
    if (detected.mime === 'image/png' || detected.mime === 'image/apng') return 'png';
    if (detected.mime === 'image/jpeg') return 'jpeg';
    if (detected.ext === 'zip' || detected.ext === 'xlsx') return 'zip';
    return 'binary';
  }
  // UTF-16 text (Excel's "Unicode Text") and anything with NUL bytes is not the UTF-8 text we read.
  if (hasUtf16Bom(head) || head.includes(0)) return 'binary';
  return 'text';
}

export const hasUtf16Bom = (head: Buffer) => (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);

/** The text rule for CSV, shared by the buffered and the streamed path. */
export const NOT_UTF8 = 'The file is not UTF-8 text. In Excel choose Save As, "CSV UTF-8 (comma delimited)", and upload that file.';

export function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}
