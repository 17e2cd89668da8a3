import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

/** docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md: one user's burst waits behind itself. */
describe('FairQueue', () => {
  it('starts the owner with fewer tasks running first, and never more than its slots at once', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      started.push(name);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return name;
    };
    const done = await Promise.all([
      queue.run('a', task('a1')),
      queue.run('a', task('a2')),
      queue.run('a', task('a3')),
      queue.run('b', task('b1')),
      queue.run('c', task('c1')),
      queue.run('b', task('b2')),
    ]);
    expect(done).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'b2']);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(most).toBe(1);
  });

  it('passes a failing task on and goes on with the next', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', () => Promise.resolve(2))).resolves.toBe(2);
  });
});
