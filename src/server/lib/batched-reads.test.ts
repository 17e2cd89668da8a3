import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads';

/** A readMany that records each call and answers when told to. */
function recorder() {
  const calls: (readonly string[])[] = [];
  const pending: (() => void)[] = [];
  const readMany = (keys: readonly string[]) => {
    calls.push([...keys]);
    return new Promise<Map<string, string>>((resolve) => pending.push(() => resolve(new Map(keys.map((k) => [k, `row ${k}`])))));
  };
  const answerAll = () => pending.splice(0).forEach((answer) => answer());
  return { calls, readMany, answerAll };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads (ADR 0176)', () => {
  it('answers the loads of one event-loop turn, from separate callbacks, with one read', async () => {
    const { calls, readMany, answerAll } = recorder();
    const reads = batchedReads(readMany);
    // Two I/O callbacks of one turn, as two requests parsed one after the other.
    const loads: Promise<string | null>[] = [];
    await new Promise<void>((resolve) => {
      setTimeout(() => loads.push(reads.load('a')), 0);
      setTimeout(() => {
        loads.push(reads.load('b'), reads.load('a'));
        resolve();
      }, 0);
    });
    await nextTurn();
    answerAll();
    expect(await Promise.all(loads)).toEqual(['row a', 'row b', 'row a']);
    expect(calls).toEqual([['a', 'b', 'a']]);
  });

  it('never answers a load from a read sent before it: a load during a read in flight waits for a new one', async () => {
    const { calls, readMany, answerAll } = recorder();
    const reads = batchedReads(readMany);
    const first = reads.load('a');
    await nextTurn();
    expect(calls).toHaveLength(1);
    const second = reads.load('a');
    await nextTurn();
    expect(calls).toHaveLength(2);
    answerAll();
    await Promise.all([first, second]);
    // And nothing is kept: a later load reads again.
    const third = reads.load('a');
    await nextTurn();
    answerAll();
    expect(await third).toBe('row a');
    expect(calls).toEqual([['a'], ['a'], ['a']]);
  });

  it('answers null for a key the read did not find', async () => {
    const reads = batchedReads(async () => new Map<string, string>());
    expect(await reads.load('gone')).toBeNull();
  });
});
