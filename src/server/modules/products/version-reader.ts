/**
 * Reads the catalogue version at most once at a time: concurrent requests share
 * the read in flight (50 connections asking at once cost one query). A change made
 * by this process calls `invalidate()`, after which no request joins a read that
 * started before the change, so the uploader's next request sees its own upload.
 */
export function createVersionReader(read: () => Promise<string>) {
  let generation = 0;
  let inflight: { generation: number; promise: Promise<string> } | null = null;
  return {
    current(): Promise<string> {
      if (inflight && inflight.generation === generation) return inflight.promise;
      const entry = {
        generation,
        promise: read().finally(() => {
          if (inflight === entry) inflight = null;
        }),
      };
      inflight = entry;
      return entry.promise;
    },
    invalidate(): void {
      generation += 1;
    },
  };
}
