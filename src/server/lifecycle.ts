/**
 * Where this server is in its life, for readiness and the drain (ADR 0171):
 * `starting` while it listens but the database is not yet migrated, `ready`,
 * then `draining` from the first moment of SIGTERM. Liveness (/api/health)
 * does not look at it; readiness (/api/health/ready) and the HTTP hooks do.
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  readonly phase: Phase;
  /** Work that needs the migrated database (buildApp's start-up writes); run by `markReady`. */
  whenPrepared(task: () => Promise<void>): void;
  /** Runs the tasks given to `whenPrepared`, then answers ready. */
  markReady(): Promise<void>;
  /** Not ready from now on: readiness answers 503 and responses close their connection. */
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let phase: Phase = 'starting';
  const tasks: (() => Promise<void>)[] = [];
  return {
    get phase() {
      return phase;
    },
    whenPrepared(task) {
      tasks.push(task);
    },
    async markReady() {
      for (const task of tasks.splice(0)) await task();
      if (phase === 'starting') phase = 'ready';
    },
    drain() {
      phase = 'draining';
    },
  };
}
