import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, isFresh, requestedRange } from './downloads';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('contentDisposition', () => {
  it('names a plain file once, and a non-ASCII one exactly in filename* with a readable fallback', () => {
    expect(contentDisposition('attachment', 'price list.pdf')).toBe('attachment; filename="price list.pdf"');
    expect(contentDisposition('inline', 'Cerámica – lista.pdf')).toBe(
      `inline; filename="Ceramica  lista.pdf"; filename*=UTF-8''Cer%C3%A1mica%20%E2%80%93%20lista.pdf`,
    );
  });
  it('cannot be broken by quotes or line breaks', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a\\"b\\\\cSet-Cookie: x.pdf"; filename*=')).toBe(true);
  });
});

describe('isFresh', () => {
  it('compares ETags weakly and understands lists and *', () => {
    expect(isFresh(request({ 'if-none-match': 'W/"a"' }), { etag: 'W/"a"' })).toBe(true);
    expect(isFresh(request({ 'if-none-match': '"a"' }), { etag: 'W/"a"' })).toBe(true);
    expect(isFresh(request({ 'if-none-match': 'W/"b", W/"a"' }), { etag: 'W/"a"' })).toBe(true);
    expect(isFresh(request({ 'if-none-match': '*' }), { etag: 'W/"a"' })).toBe(true);
    expect(isFresh(request({ 'if-none-match': 'W/"b"' }), { etag: 'W/"a"' })).toBe(false);
    expect(isFresh(request({}), { etag: 'W/"a"' })).toBe(false);
  });
  it('reads If-Modified-Since only without If-None-Match, and never answers a reload from cache', () => {
    const lastModified = new Date('2026-01-02T03:04:05Z');
    expect(isFresh(request({ 'if-modified-since': lastModified.toUTCString() }), { etag: '"a"', lastModified })).toBe(true);
    expect(isFresh(request({ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }), { etag: '"a"', lastModified })).toBe(false);
    expect(isFresh(request({ 'if-none-match': '"b"', 'if-modified-since': lastModified.toUTCString() }), { etag: '"a"', lastModified })).toBe(false);
    expect(isFresh(request({ 'if-none-match': '"a"', 'cache-control': 'no-cache' }), { etag: '"a"' })).toBe(false);
  });
});

describe('requestedRange', () => {
  const range = (header: string | undefined, size = 100, extra: Record<string, string> = {}) =>
    requestedRange(request({ ...(header === undefined ? {} : { range: header }), ...extra }), size, '"e"');
  it('serves one range, clipped to the end, and the last N bytes', () => {
    expect(range(undefined)).toEqual({ kind: 'full' });
    expect(range('bytes=0-9')).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(range('bytes=90-')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(range('bytes=-10')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(range('bytes=-500')).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(range('bytes=50-1000')).toEqual({ kind: 'partial', start: 50, end: 99 });
  });
  it('is unsatisfiable past the end', () => {
    expect(range('bytes=100-')).toEqual({ kind: 'unsatisfiable' });
    expect(range('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
    expect(range('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
  it('falls back to the whole resource for what it does not serve, and for a stale If-Range', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=abc', 'bytes=-', 'bytes=9-1']) {
      expect(range(header), header).toEqual({ kind: 'full' });
    }
    expect(range('bytes=0-9', 100, { 'if-range': '"old"' })).toEqual({ kind: 'full' });
    expect(range('bytes=0-9', 100, { 'if-range': '"e"' })).toEqual({ kind: 'partial', start: 0, end: 9 });
  });
});
