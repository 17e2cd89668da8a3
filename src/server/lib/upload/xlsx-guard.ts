import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Checks that a buffer is an .xlsx by its content before exceljs sees it: a zip
 * whose central directory lists the workbook parts, with declared uncompressed
 * sizes under a limit (an honest zip bomb is refused without inflating a byte).
 * The zip is read by yauzl, which checks each entry's inflated bytes against its
 * declared size as they stream, so a directory that lies about sizes is refused
 * a chunk past that size (docs/decisions/0217-http-and-file-helpers-from-libraries.md).
 */

export interface XlsxLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Highest compressed → uncompressed ratio allowed for one entry. */
  maxRatio: number;
  /** Unpacked size of each sheet's XML, of the shared strings and of the styles (docs/decisions/0201). */
  maxPartBytes?: { worksheet: number; sharedStrings: number; styles: number };
  /** Texts in the shared strings table, counted in its XML (its own count attribute may lie). */
  maxSharedStrings?: number;
  /** Sheets in the workbook. */
  maxSheets?: number;
}

export type XlsxCheck = { ok: true } | { ok: false; reason: 'not_zip' | 'not_workbook' | 'too_large' } | { ok: false; reason: 'part_too_large'; message: string };

type Part = 'worksheet' | 'sharedStrings' | 'styles';

function partOf(name: string): Part | null {
  if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return 'worksheet';
  if (/^xl\/sharedStrings\.xml$/i.test(name)) return 'sharedStrings';
  if (/^xl\/styles\.xml$/i.test(name)) return 'styles';
  return null;
}

const MB = 1024 * 1024;
const PART_NAMES: Record<Part, string> = { worksheet: 'A sheet of the workbook unpacks', sharedStrings: "The workbook's shared texts unpack", styles: "The workbook's styles unpack" };
export const XLSX_GUARD_MESSAGES = {
  part: (part: Part, max: number) => `${PART_NAMES[part]} to more than ${max / MB} MB; save a copy with only the rows and columns to upload`,
  sharedStrings: (max: number) =>
    `The workbook has more than ${max.toLocaleString('en-US')} different texts; split it into smaller files`,
  sheets: (max: number) => `The workbook has more than ${max.toLocaleString('en-US')} sheets; keep at most ${max.toLocaleString('en-US')} sheets in the file`,
} as const;

/** `<si>` elements in the shared strings XML: one per text. */
function countSharedStrings(xml: Buffer, max: number): number {
  let count = 0;
  for (let at = xml.indexOf('<si'); at >= 0 && count <= max; at = xml.indexOf('<si', at + 3)) {
    const next = xml[at + 3];
    // <si> or <si attr...>, not <sis...>
    if (next === 0x3e || next === 0x20 || next === 0x2f) count += 1;
  }
  return count;
}

const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

type Refusal = Exclude<XlsxCheck, { ok: true }>;

/** Thrown inside the walk to end it with a refusal. */
class Refused extends Error {
  constructor(readonly check: Refusal) {
    super(check.reason);
  }
}

/** An entry's bytes as yauzl inflates them: kept only when `keep`, otherwise counted and dropped. */
async function readEntry(zip: ZipFile, entry: Entry, keep: boolean): Promise<Buffer | null> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    // A bad local header, an unknown compression method, encryption.
    throw new Refused({ ok: false, reason: 'not_workbook' });
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) if (keep) chunks.push(chunk as Buffer);
  } catch (error) {
    // yauzl stops an entry that inflates past its declared size: a lying directory.
    const tooMany = /too many bytes/.test((error as Error).message);
    throw new Refused({ ok: false, reason: tooMany ? 'too_large' : 'not_workbook' });
  }
  return keep ? Buffer.concat(chunks) : null;
}

async function openZip(buffer: Buffer): Promise<ZipFile> {
  try {
    return await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new Refused({ ok: false, reason: 'not_zip' });
  }
}

/** The next entry of the central directory, or null at its end; a malformed directory is not a zip. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = () => (cleanup(), reject(new Refused({ ok: false, reason: 'not_zip' })));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

export async function inspectXlsx(buffer: Buffer, limits: XlsxLimits): Promise<XlsxCheck> {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) return { ok: false, reason: 'not_zip' };
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(buffer);
    if (zip.entryCount > limits.maxEntries) return { ok: false, reason: 'too_large' };
    const names = new Set<string>();
    let total = 0;
    let sheets = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      const { compressedSize: compressed, uncompressedSize: uncompressed } = entry;
      names.add(name);
      total += uncompressed;
      if (total > limits.maxUncompressedBytes) return { ok: false, reason: 'too_large' };
      // The part's declared size first, so its sentence names it: nothing is inflated for a part past its limit.
      const part = partOf(name);
      if (part === 'worksheet') sheets += 1;
      if (limits.maxSheets !== undefined && sheets > limits.maxSheets) return { ok: false, reason: 'part_too_large', message: XLSX_GUARD_MESSAGES.sheets(limits.maxSheets) };
      const partMax = part ? limits.maxPartBytes?.[part] : undefined;
      if (part && partMax !== undefined && uncompressed > partMax) return { ok: false, reason: 'part_too_large', message: XLSX_GUARD_MESSAGES.part(part, partMax) };
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > limits.maxRatio) return { ok: false, reason: 'too_large' };
      const maxStrings = limits.maxSharedStrings;
      const countStrings = part === 'sharedStrings' && maxStrings !== undefined;
      const bytes = await readEntry(zip, entry, countStrings);
      if (countStrings && bytes && countSharedStrings(bytes, maxStrings) > maxStrings) {
        return { ok: false, reason: 'part_too_large', message: XLSX_GUARD_MESSAGES.sharedStrings(maxStrings) };
      }
    }
    return REQUIRED_PARTS.every((required) => names.has(required)) ? { ok: true } : { ok: false, reason: 'not_workbook' };
  } catch (error) {
    if (error instanceof Refused) return error.check;
    throw error;
  } finally {
    zip?.close();
  }
}
