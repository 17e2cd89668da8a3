import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize (Bytes, KB, MB, GB, base 1024)', () => {
  it('shows small sizes in bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    // Bytes are whole: a fractional count (from a computed size) is rounded, never shown with decimals.
    expect(formatFileSize(512.4)).toBe('512 Bytes');
  });
  it('switches unit at each power of 1024', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(25 * 1024 * 1024 - 1)).toBe('25 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });
  it('keeps GB as the largest unit', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
  });
  it('treats nonsense as zero', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
