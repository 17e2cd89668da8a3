import { availableParallelism } from 'node:os';

/**
 * Maps items through an async task with at most `limit` running at once (default: one per
 * core, since scrypt is CPU work on libuv's pool), reporting how many have finished.
 * Results keep the items' order; the first failure rejects (the others finish unobserved).
 */
export async function mapWithProgress<T, R>(
  items: readonly T[],
  task: (item: T, index: number) => Promise<R>,
  onDone?: (done: number) => void,
  limit = Math.max(1, availableParallelism()),
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!, index);
      done += 1;
      onDone?.(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
