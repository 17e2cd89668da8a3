/** How long a server keeps a catalogue version it read (ADR 0150); sessions are no longer cached (ADR 0176). */
export const CATALOGUE_VERSION_HOLD_MS = 1000;

/**
 * Reads the catalogue version at most once at a time: concurrent requests share
 * the read in flight (50 connections asking at once cost one query). A version read
 * is kept for `holdMs` (CATALOGUE_VERSION_HOLD_MS in the service), so a busy
 * server asks PostgreSQL about once a second; another server's stock import shows
 * within that time. A change made by this process calls `invalidate()`, after which
 * nothing read before the change is answered, so the uploader's next request sees
 * its own upload.
 */
export function createVersionReader(read: () => Promise<string>, options: { holdMs?: number; now?: () => number } = {}) {
  const holdMs = options.holdMs ?? 0;
  const now = options.now ?? Date.now;
  let generation = 0;
  let inflight: { generation: number; promise: Promise<string> } | null = null;
  let held: { generation: number; version: string; readAt: number } | null = null;
  return {
    current(): Promise<string> {
      if (held && held.generation === generation && now() - held.readAt < holdMs) return Promise.resolve(held.version);
      if (inflight && inflight.generation === generation) return inflight.promise;
      const startedAt = now();
      const entry = {
        generation,
        promise: read()
          .then((version) => {
            if (entry.generation === generation) held = { generation: entry.generation, version, readAt: startedAt };
            return version;
          })
          .finally(() => {
            if (inflight === entry) inflight = null;
          }),
      };
      inflight = entry;
      return entry.promise;
    },
    invalidate(): void {
      generation += 1;
      held = null;
    },
  };
}
