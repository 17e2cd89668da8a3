import { availableParallelism } from 'node:os';
import { HttpError } from '../../lib/http-error';

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';
export const HASHING_BUSY_RETRY_SECONDS = 1;

/** A 429 that says when to come back; the login route copies it into Retry-After. */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export interface HashGateOptions {
  /** Hashes any login may run at once in this process. */
  concurrency: number;
  /** Extra slots only logins from an address the account used before may take. */
  reserved: number;
  /** Logins that may wait for a slot; beyond them the answer is 429 at once. */
  maxWaiting: number;
  /** A waiter gives up with 429 after this long; one that would wait longer (by the recent hash times) is told at once. */
  maxWaitMs: number;
}

/**
 * Half the cores, at most 2: a flood then leaves the other cores to everything else, and
 * the general plus reserved slots (2 + 2) fit libuv's default pool of 4 threads, where
 * scrypt runs; more would queue behind the flood in that pool and the reserve would mean nothing.
 */
export function defaultHashConcurrency(): number {
  return Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
}

interface Waiter {
  trusted: boolean;
  start: () => void;
  timer: NodeJS.Timeout;
}

/** Weight of the newest hash time in the running average the queue's wait is estimated from. */
const AVERAGE_WEIGHT = 0.2;

/**
 * The server-wide cap on concurrent password hashing for logins (docs/decisions/0100). One scrypt
 * is 32 MiB and ~0.1 s of a core; a flood of wrong passwords for many accounts passes every
 * per-account count, so without a cap 30 of them made a real user's login ten times slower.
 * Beyond the cap a login waits its turn, first come first served (docs/decisions/0202: an office
 * signing in at once is queued, not refused), as long as the recent hash times say its turn comes
 * within `maxWaitMs`; otherwise, or past `maxWaiting`, it is told to retry (429, Retry-After: 1),
 * which is never counted as a failed attempt. Logins from a known address have reserved slots and
 * go first, so the people who use the portal every day get in while a flood from elsewhere is going on.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Running average of one hash's time, in ms; 0 until the first one finishes. */
  private averageMs = 0;

  constructor(private readonly options: HashGateOptions) {}

  static withDefaults(concurrency = defaultHashConcurrency()): HashGate {
    return new HashGate({ concurrency, reserved: concurrency, maxWaiting: 32 * concurrency, maxWaitMs: 5_000 });
  }

  private canStart(trusted: boolean): boolean {
    return this.running < this.options.concurrency + (trusted ? this.options.reserved : 0);
  }

  /** Runs `work` in a slot; throws RetryLaterError when the server is at its cap. */
  async run<T>(trusted: boolean, work: () => Promise<T>): Promise<T> {
    if (!this.canStart(trusted)) await this.wait(trusted);
    else this.running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      this.averageMs = this.averageMs === 0 ? took : this.averageMs * (1 - AVERAGE_WEIGHT) + took * AVERAGE_WEIGHT;
      this.running -= 1;
      this.startWaiters();
    }
  }

  /** How long a new waiter would wait for its turn: the waiters ahead of it, a slot's worth at a time. */
  private expectedWaitMs(trusted: boolean): number {
    const ahead = trusted ? this.waiting.filter((w) => w.trusted).length : this.waiting.length;
    const slots = this.options.concurrency + (trusted ? this.options.reserved : 0);
    return Math.ceil((ahead + 1) / slots) * this.averageMs;
  }

  private wait(trusted: boolean): Promise<void> {
    if (this.waiting.length >= this.options.maxWaiting || this.expectedWaitMs(trusted) > this.options.maxWaitMs) {
      return Promise.reject(new RetryLaterError(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_SECONDS));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        trusted,
        start: () => {
          clearTimeout(waiter.timer);
          this.running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new RetryLaterError(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_SECONDS));
        }, this.options.maxWaitMs),
      };
      // Known addresses wait ahead of everyone else, in arrival order among themselves.
      const firstUntrusted = this.waiting.findIndex((w) => !w.trusted);
      if (trusted && firstUntrusted >= 0) this.waiting.splice(firstUntrusted, 0, waiter);
      else this.waiting.push(waiter);
    });
  }

  private startWaiters(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i]!;
      if (!this.canStart(waiter.trusted)) {
        // A trusted waiter may still fit a reserved slot behind an untrusted one that does not.
        i += 1;
        continue;
      }
      this.waiting.splice(i, 1);
      waiter.start();
    }
  }

  /** For tests and the benchmark: hashes running and logins waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
