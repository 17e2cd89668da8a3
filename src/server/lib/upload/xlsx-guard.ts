import { inflateRawSync } from 'node:zlib';

/**
 * Checks that a buffer is an .xlsx by its content before exceljs sees it: a zip
 * whose central directory lists the workbook parts, with declared uncompressed
 * sizes under a limit (an honest zip bomb is refused without inflating a byte).
 * Each entry is then inflated with its declared size as a hard output cap, so a
 * directory that lies about sizes is refused after at most that many bytes.
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

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

function findEndOfCentralDirectory(buffer: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes at the very end.
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let at = buffer.length - 22; at >= earliest; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

export function inspectXlsx(buffer: Buffer, limits: XlsxLimits): XlsxCheck {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) return { ok: false, reason: 'not_zip' };
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd < 0) return { ok: false, reason: 'not_zip' };
  const entries = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  // Zip64 markers: a workbook this portal accepts never needs them.
  if (entries === 0xffff || directoryOffset === 0xffffffff) return { ok: false, reason: 'too_large' };
  if (entries > limits.maxEntries) return { ok: false, reason: 'too_large' };
  const names = new Set<string>();
  let total = 0;
  let sheets = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'not_zip' };
    const compressed = buffer.readUInt32LE(at + 20);
    const uncompressed = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buffer.length) return { ok: false, reason: 'not_zip' };
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
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
    const entry = checkEntry(buffer, at, compressed, uncompressed);
    if (typeof entry === 'string') return { ok: false, reason: entry };
    const maxStrings = limits.maxSharedStrings;
    if (part === 'sharedStrings' && maxStrings !== undefined && countSharedStrings(entry, maxStrings) > maxStrings) {
      return { ok: false, reason: 'part_too_large', message: XLSX_GUARD_MESSAGES.sharedStrings(maxStrings) };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return REQUIRED_PARTS.every((part) => names.has(part)) ? { ok: true } : { ok: false, reason: 'not_workbook' };
}

/** Inflates one entry with its declared size as the cap: its bytes, or too_large when it would grow past it. */
function checkEntry(buffer: Buffer, central: number, compressed: number, uncompressed: number): Buffer | 'too_large' | 'not_workbook' {
  const method = buffer.readUInt16LE(central + 10);
  const local = buffer.readUInt32LE(central + 42);
  if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) return 'not_workbook';
  const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
  if (start + compressed > buffer.length) return 'not_workbook';
  if (method === 0) return compressed === uncompressed ? buffer.subarray(start, start + compressed) : 'not_workbook';
  if (method !== 8) return 'not_workbook';
  try {
    // One byte of room: output that fills it means the real size exceeds the declared one.
    const inflated = inflateRawSync(buffer.subarray(start, start + compressed), { maxOutputLength: uncompressed + 1 });
    if (inflated.length > uncompressed) return 'too_large';
    return inflated.length === uncompressed ? inflated : 'not_workbook';
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'not_workbook';
  }
}
