import { describe, expect, it } from 'vitest';
import { readDismissed, rememberDismissed, wrapIndex } from './dismissed-announcements';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('dismissed announcements', () => {
  it('remembers dismissed ids in the given storage', () => {
    const store = memoryStorage();
    expect(readDismissed(store)).toEqual(new Set());
    rememberDismissed(3, store);
    expect(rememberDismissed(7, store)).toEqual(new Set([3, 7]));
    expect(readDismissed(store)).toEqual(new Set([3, 7]));
  });

  it('survives garbage in storage and missing storage', () => {
    const store = memoryStorage();
    store.setItem('bold.dismissedAnnouncements', '{not json');
    expect(readDismissed(store)).toEqual(new Set());
    store.setItem('bold.dismissedAnnouncements', '[1,"x",2.5,4]');
    expect(readDismissed(store)).toEqual(new Set([1, 4]));
    expect(readDismissed(undefined)).toEqual(new Set());
  });
});

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
