import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../lib/content-encoding';
import { createVersionReader } from './version-reader';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, then none', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(['gzip', 'br'])).toBe('br');
  });
  it('follows the client\'s q-values', () => {
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
  });
});

describe('createVersionReader', () => {
  /** A reader whose reads take 10 ms and return v1, v2, ... */
  function slowReader() {
    const counter = { reads: 0 };
    const reader = createVersionReader(async () => {
      const read = ++counter.reads;
      await new Promise((r) => setTimeout(r, 10));
      return `v${read}`;
    });
    return { reader, counter };
  }

  it('shares one read among concurrent callers', async () => {
    const { reader, counter } = slowReader();
    const versions = await Promise.all([reader.current(), reader.current(), reader.current()]);
    expect(versions).toEqual(['v1', 'v1', 'v1']);
    expect(counter.reads).toBe(1);
    expect(await reader.current()).toBe('v2');
  });

  it('after invalidate() does not join a read that started before the change', async () => {
    const { reader } = slowReader();
    const before = reader.current();
    reader.invalidate();
    const after = reader.current();
    expect(await before).toBe('v1');
    expect(await after).toBe('v2');
  });

  it('keeps a version for holdMs, then reads again; invalidate() drops it at once', async () => {
    let time = 0;
    let reads = 0;
    const reader = createVersionReader(async () => `v${++reads}`, { holdMs: 1000, now: () => time });
    expect(await reader.current()).toBe('v1');
    time = 999;
    expect(await reader.current()).toBe('v1');
    time = 1000;
    expect(await reader.current()).toBe('v2');
    reader.invalidate();
    expect(await reader.current()).toBe('v3');
  });
});
