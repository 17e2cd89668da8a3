import DataLoader from 'dataloader';

/** Past this many keys a batch is split; a longer `= any($1)` list buys nothing more. */
const MAX_BATCH = 100;

/**
 * Reads by key that requests arriving together share: every `load(key)` made in one turn
 * of the event loop is answered by one `readMany` call, sent on the next turn (ADR 0176).
 * Nothing is kept between batches (`cache: false`): each read starts after the requests it
 * answers arrived, so it sees every change committed before them, through any app server.
 */
export function batchedReads<K, V>(readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>): DataLoader<K, V | null> {
  return new DataLoader<K, V | null>(
    async (keys) => {
      const found = await readMany(keys);
      return keys.map((key) => found.get(key) ?? null);
    },
    // setImmediate, not DataLoader's default (the end of the current job): each request is
    // parsed in its own I/O callback, so only the next turn gathers requests read together.
    { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: MAX_BATCH },
  );
}
