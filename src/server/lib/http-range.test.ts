import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('parseRange', () => {
  it('serves the whole resource without a Range header', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
  });
  it('reads a closed range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
  });
  it('reads an open range to the end', () => {
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
  });
  it('reads a suffix range, clipped to the resource', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
  });
  it('clips an end past the resource', () => {
    expect(parseRange('bytes=50-1000', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
  });
  it('refuses a start past the end and an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
  it('falls back to the whole resource for what it does not serve', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=abc', 'bytes=-', 'bytes=9-1']) {
      expect(parseRange(header, 100), header).toEqual({ kind: 'full' });
    }
  });
});
