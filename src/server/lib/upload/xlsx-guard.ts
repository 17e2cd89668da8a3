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
    const entry = checkEntry(buffer, at, compressed, uncompressed);
    if (entry !== 'ok') return { ok: false, reason: entry };
    at += 46 + nameLength + extraLength + commentLength;
  }
  return REQUIRED_PARTS.every((part) => names.has(part)) ? { ok: true } : { ok: false, reason: 'not_workbook' };
}

/** Inflates one entry with its declared size as the cap: too_large when it would grow past it. */
function checkEntry(buffer: Buffer, central: number, compressed: number, uncompressed: number): 'ok' | 'too_large' | 'not_workbook' {
  const method = buffer.readUInt16LE(central + 10);
  const local = buffer.readUInt32LE(central + 42);
  if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) return 'not_workbook';
  const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
  if (start + compressed > buffer.length) return 'not_workbook';
  if (method === 0) return compressed === uncompressed ? 'ok' : 'not_workbook';
  if (method !== 8) return 'not_workbook';
  try {
    // One byte of room: output that fills it means the real size exceeds the declared one.
    const inflated = inflateRawSync(buffer.subarray(start, start + compressed), { maxOutputLength: uncompressed + 1 });
    if (inflated.length > uncompressed) return 'too_large';
    return inflated.length === uncompressed ? 'ok' : 'not_workbook';
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'not_workbook';
  }
}
