/**
 * How long an app server trusts what it read about a session or its user before
 * reading PostgreSQL again (issue 15, ADR 0150). Logout, password reset and user
 * deletion delete or change rows in PostgreSQL; every other app server reads them
 * again at most this long after, so the session ends everywhere within a second.
 */
export const REVALIDATE_AFTER_MS = 1000;

/** Sweep expired entries at most this often, so the maps hold only the last second's callers. */
const SWEEP_EVERY_MS = 10_000;

interface Entry<T> {
  value: T;
  readAt: number;
}

/**
 * A per-process cache in front of the session and user reads that every API call
 * makes: 50 requests a second from one browser cost one read a second. Changes made
 * through this process forget the entry at once (forgetSession, forgetUser); changes
 * made through another process are seen at the next read, within REVALIDATE_AFTER_MS.
 * Concurrent misses for one key share the read in flight.
 */
export class SessionCache<Session, User> {
  private readonly sessions = new Map<string, Entry<Session | null>>();
  private readonly users = new Map<number, Entry<User | null>>();
  private readonly inflightSessions = new Map<string, Promise<Session | null>>();
  private readonly inflightUsers = new Map<number, Promise<User | null>>();
  /** Bumped by every forget: a read that started before it must not refill the cache. */
  private generation = 0;
  private lastSweep: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = REVALIDATE_AFTER_MS,
  ) {
    this.lastSweep = now();
  }

  session(sid: string, read: () => Promise<Session | null>): Promise<Session | null> {
    return this.cached(this.sessions, this.inflightSessions, sid, read);
  }

  user(id: number, read: () => Promise<User | null>): Promise<User | null> {
    return this.cached(this.users, this.inflightUsers, id, read);
  }

  /** What this process just wrote is what it reads next. */
  rememberSession(sid: string, value: Session): void {
    this.generation += 1;
    this.inflightSessions.delete(sid);
    this.sessions.set(sid, { value, readAt: this.now() });
  }

  forgetSession(sid: string): void {
    this.generation += 1;
    this.inflightSessions.delete(sid);
    this.sessions.delete(sid);
  }

  /** A user changed (role, password, deletion) or lost sessions: read them all again. */
  forgetUser(id: number): void {
    this.generation += 1;
    this.inflightUsers.delete(id);
    this.users.delete(id);
    // Sessions are keyed by id only; a user's sessions are few among a second's worth.
    this.sessions.clear();
    this.inflightSessions.clear();
  }

  /** Something about accounts changed through this process: read everything again. */
  forgetAll(): void {
    this.generation += 1;
    this.sessions.clear();
    this.users.clear();
    this.inflightSessions.clear();
    this.inflightUsers.clear();
  }

  private async cached<K, V>(
    entries: Map<K, Entry<V | null>>,
    inflight: Map<K, Promise<V | null>>,
    key: K,
    read: () => Promise<V | null>,
  ): Promise<V | null> {
    const now = this.now();
    this.sweep(now);
    const hit = entries.get(key);
    if (hit && now - hit.readAt < this.maxAgeMs) return hit.value;
    const running = inflight.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = read().then(
      (value) => {
        if (inflight.get(key) === promise) inflight.delete(key);
        // A forget during the read means the value may predate the change: do not keep it.
        if (generation === this.generation) entries.set(key, { value, readAt: now });
        return value;
      },
      (error: unknown) => {
        if (inflight.get(key) === promise) inflight.delete(key);
        throw error;
      },
    );
    inflight.set(key, promise);
    return promise;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const map of [this.sessions, this.users] as Map<unknown, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (now - entry.readAt >= this.maxAgeMs) map.delete(key);
    }
  }
}
