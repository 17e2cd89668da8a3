import type { FastifyBaseLogger } from 'fastify';

export interface ScheduledJob {
  /** Stops the timer and waits for a run in progress, so shutdown can close the pool after it. */
  stop(): Promise<void>;
}

/**
 * The portal's job scheduler: runs `work` now and then every `everyMs`, never
 * two runs at once; a failed run is logged and the next one tries again.
 */
export function every(everyMs: number, name: string, work: () => Promise<unknown>, log: FastifyBaseLogger): ScheduledJob {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = work()
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err, job: name }, `${name} failed`),
      )
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
