import { describe, expect, it } from 'vitest';
import { HashGate, RetryLaterError } from './hash-gate';

/** Work that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

const gate = () => new HashGate({ concurrency: 2, reserved: 1, maxWaiting: 2, maxWaitMs: 60_000 });

describe('HashGate', () => {
  it('runs at most the cap at once, queues a few and refuses the rest with Retry-After', async () => {
    const g = gate();
    const work = pending();
    const started: number[] = [];
    const runs = Array.from({ length: 6 }, (_, i) =>
      g.run(false, async () => {
        started.push(i);
        await work.done;
      }),
    );
    const settled = Promise.allSettled(runs);
    await Promise.resolve();
    expect(g.load).toEqual({ running: 2, waiting: 2 });
    work.finish();
    const results = await settled;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RetryLaterError);
    expect((refused[0] as PromiseRejectedResult).reason.retryAfterSeconds).toBe(1);
    expect(started.sort()).toEqual([0, 1, 2, 3]);
    expect(g.load).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps a reserved slot for known addresses and lets them wait ahead of the others', async () => {
    const g = gate();
    const flood = pending();
    const order: string[] = [];
    const untrusted = [1, 2, 3].map((i) => g.run(false, async () => (order.push(`flood${i}`), flood.done)));
    await Promise.resolve();
    expect(g.load).toEqual({ running: 2, waiting: 1 });
    // The reserved slot: a known address starts at once although the general slots are full.
    await g.run(true, async () => order.push('known'));
    expect(order).toEqual(['flood1', 'flood2', 'known']);
    flood.finish();
    await Promise.all(untrusted);
  });

  it('gives up on a waiter after maxWaitMs', async () => {
    const g = new HashGate({ concurrency: 1, reserved: 0, maxWaiting: 1, maxWaitMs: 20 });
    const work = pending();
    const first = g.run(false, () => work.done);
    await expect(g.run(false, async () => 'never')).rejects.toBeInstanceOf(RetryLaterError);
    work.finish();
    await first;
    expect(await g.run(false, async () => 'after')).toBe('after');
  });
});

describe('HashGate queue (docs/decisions/0202)', () => {
  it('starts waiters first come, first served', async () => {
    const g = new HashGate({ concurrency: 1, reserved: 0, maxWaiting: 10, maxWaitMs: 60_000 });
    const first = pending();
    const order: number[] = [];
    const runs = [g.run(false, () => first.done), ...[1, 2, 3, 4].map((i) => g.run(false, async () => void order.push(i)))];
    await Promise.resolve();
    expect(g.load).toEqual({ running: 1, waiting: 4 });
    first.finish();
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('tells a login at once to retry when the recent hash times say its turn would come after maxWaitMs', async () => {
    const options = { concurrency: 1, reserved: 0, maxWaiting: 100, maxWaitMs: 60_000 };
    const g = new HashGate(options);
    // One hash of ~100 ms teaches the gate how long a turn takes; the limit is then 2.5 turns, however slow the machine was.
    const started = performance.now();
    await g.run(false, () => new Promise((resolve) => setTimeout(resolve, 100)));
    options.maxWaitMs = 2.5 * (performance.now() - started);
    const work = pending();
    const runs = Array.from({ length: 5 }, () => g.run(false, () => work.done));
    const settled = Promise.allSettled(runs);
    await Promise.resolve();
    // One running; two waiting (their turns after one and two hashes); the third would wait three.
    expect(g.load).toEqual({ running: 1, waiting: 2 });
    work.finish();
    const results = await settled;
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
  });
});
