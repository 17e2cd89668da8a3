import { describe, expect, it } from 'vitest';
import { REVALIDATE_AFTER_MS, SessionCache } from './session-cache';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function counter<T>(value: T) {
  const read = async () => {
    read.calls += 1;
    return value;
  };
  read.calls = 0;
  return read;
}

describe('SessionCache', () => {
  it('reads a session once within a second and again after it', async () => {
    const time = clock();
    const cache = new SessionCache<string, string>(time.now);
    const read = counter('s1');
    expect(await cache.session('sid', read)).toBe('s1');
    time.advance(REVALIDATE_AFTER_MS - 1);
    expect(await cache.session('sid', read)).toBe('s1');
    expect(read.calls).toBe(1);
    time.advance(1);
    await cache.session('sid', read);
    expect(read.calls).toBe(2);
  });

  it('shares one read among concurrent misses', async () => {
    const cache = new SessionCache<string, string>();
    const read = counter('u');
    await Promise.all(Array.from({ length: 50 }, () => cache.user(7, read)));
    expect(read.calls).toBe(1);
  });

  it('keeps a missing session as missing for the second, then asks again', async () => {
    const time = clock();
    const cache = new SessionCache<string, string>(time.now);
    const read = counter<string | null>(null);
    expect(await cache.session('gone', read)).toBeNull();
    expect(await cache.session('gone', read)).toBeNull();
    expect(read.calls).toBe(1);
  });

  it('forgets at once what this process changed', async () => {
    const cache = new SessionCache<string, string>();
    await cache.session('a', counter('old'));
    cache.forgetSession('a');
    expect(await cache.session('a', counter('new'))).toBe('new');
    await cache.user(1, counter('old user'));
    cache.forgetUser(1);
    expect(await cache.user(1, counter('new user'))).toBe('new user');
    cache.rememberSession('a', 'written');
    expect(await cache.session('a', counter('unused'))).toBe('written');
    cache.forgetAll();
    expect(await cache.session('a', counter('reread'))).toBe('reread');
  });

  it('does not keep a value read before a change made during the read', async () => {
    const cache = new SessionCache<string, string>();
    let release!: (value: string) => void;
    const slow = cache.user(1, () => new Promise<string>((resolve) => (release = resolve)));
    cache.forgetUser(1);
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.user(1, counter('fresh'))).toBe('fresh');
  });

  it('drops expired entries as time goes on', async () => {
    const time = clock();
    const cache = new SessionCache<string, string>(time.now);
    for (let i = 0; i < 100; i++) await cache.session(`s${i}`, counter('x'));
    time.advance(60_000);
    await cache.session('new', counter('x'));
    expect((cache as unknown as { sessions: Map<string, unknown> }).sessions.size).toBe(1);
  });
});
