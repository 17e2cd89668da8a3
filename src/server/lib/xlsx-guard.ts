/**
 * Checks that a buffer is an .xlsx by its content before any unzipping: a zip
 * whose central directory lists the workbook parts, with declared uncompressed
 * sizes under a limit (a zip bomb is refused without inflating a byte).
 * The unzipper (JSZip inside exceljs) then refuses an entry whose real size
 * differs from the declared one, so a lying directory does not get past either.
 */

export interface XlsxLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Highest compressed → uncompressed ratio allowed for one entry. */
  maxRatio: number;
}

export type XlsxCheck = { ok: true } | { ok: false; reason: 'not_zip' | 'not_workbook' | 'too_large' };

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
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'not_zip' };
    const compressed = buffer.readUInt32LE(at + 20);
    const uncompressed = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buffer.length) return { ok: false, reason: 'not_zip' };
    names.add(buffer.toString('utf8', at + 46, at + 46 + nameLength));
    total += uncompressed;
    if (total > limits.maxUncompressedBytes) return { ok: false, reason: 'too_large' };
    if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > limits.maxRatio) return { ok: false, reason: 'too_large' };
    at += 46 + nameLength + extraLength + commentLength;
  }
  return REQUIRED_PARTS.every((part) => names.has(part)) ? { ok: true } : { ok: false, reason: 'not_workbook' };
}
