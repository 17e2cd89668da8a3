import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SessionRead } from './session-store';

/**
 * The channel migration 0040's triggers notify, in the transaction of the change: `s:<sid>` when a
 * session row is updated or deleted (sign-out, expiry pruning, a save on any server), `u:<id>` when a
 * users row is updated or deleted (password, role, company role, deletion). docs/decisions/0232.
 */
export const SESSION_CACHE_CHANNEL = 'session_cache';

/** Most sessions one server keeps; past it the map starts again. */
const MAX_ENTRIES = 50_000;
/** Waits before connecting again after the LISTEN connection is lost. */
const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000];

export interface SessionCacheLog {
  warn(details: object, message: string): void;
}

/**
 * Sessions with their live user, kept between requests by one server while, and only while, its
 * LISTEN connection is up (docs/decisions/0232, replacing ADR 0176's "no cache"):
 * - a notification drops the session or every session of the user at once;
 * - a read that was in flight when any notification arrived is answered but not kept (it may have
 *   started before the change);
 * - with the connection lost, everything is dropped and reads go to the database until it is back
 *   and listening again, so no answer is staler than the notification's delivery.
 */
export class SessionCache {
  private readonly entries = new Map<string, SessionRead>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;
  private readonly waiting = new Map<string, Set<() => void>>();

  /** A token to pass to `remember`: reads started before a later notification are not kept. */
  begin(): number {
    return this.generation;
  }

  get(sid: string): SessionRead | undefined {
    return this.listening ? this.entries.get(sid) : undefined;
  }

  remember(sid: string, row: SessionRead | null, token: number): void {
    if (!this.listening || token !== this.generation || !row) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(sid)) this.clear();
    this.entries.set(sid, row);
    const userId = row.user?.id;
    if (userId !== undefined) {
      const sids = this.byUser.get(userId) ?? new Set<string>();
      sids.add(sid);
      this.byUser.set(userId, sids);
    }
  }

  /** A notification's payload: `s:<sid>` or `u:<user id>`; anything else drops everything. */
  notified(payload: string | undefined): void {
    // A fence (`fence` below) changes nothing: it only says every earlier notice has arrived.
    if (payload?.startsWith('f:')) return this.wake(payload);
    this.generation += 1;
    if (payload?.startsWith('s:')) this.dropSession(payload.slice(2));
    else if (payload?.startsWith('u:') && /^\d+$/.test(payload.slice(2))) this.dropUser(Number(payload.slice(2)));
    else this.clear();
    if (payload !== undefined) this.wake(payload);
  }

  /** This server changed the session: drop it here at once, before its own notice comes back. */
  forget(sid: string): void {
    this.generation += 1;
    this.dropSession(sid);
  }

  /**
   * Resolves once this server has heard every notice committed before the call: it notifies a token
   * of its own (`notify`) and waits for it, and a listener receives notices in commit order. A write
   * request answers after it (sessions.ts), so its own server never answers its next request from
   * what the write changed. At most `limitMs`; at once when not listening.
   */
  fence(notify: (payload: string) => Promise<unknown>, limitMs = 250): Promise<void> {
    if (!this.listening) return Promise.resolve();
    const payload = `f:${randomUUID()}`;
    const heard = this.heard(payload, limitMs);
    return notify(payload).then(
      () => heard,
      () => undefined,
    );
  }

  /** Set by the listener: true once LISTEN has answered, false the moment the connection fails. */
  setListening(listening: boolean): void {
    this.generation += 1;
    this.listening = listening;
    this.clear();
    if (!listening) for (const payload of [...this.waiting.keys()]) this.wake(payload);
  }

  /** Resolves when this server has heard `payload` (at most `limitMs`, at once when not listening). */
  private heard(payload: string, limitMs = 250): Promise<void> {
    if (!this.listening) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.get(payload)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, limitMs);
      timer.unref();
      const set = this.waiting.get(payload) ?? new Set<() => void>();
      set.add(done);
      this.waiting.set(payload, set);
    });
  }

  private wake(payload: string): void {
    const set = this.waiting.get(payload);
    if (!set) return;
    this.waiting.delete(payload);
    for (const done of set) done();
  }

  get isListening(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  private dropSession(sid: string): void {
    const row = this.entries.get(sid);
    this.entries.delete(sid);
    const userId = row?.user?.id;
    if (userId !== undefined) this.byUser.get(userId)?.delete(sid);
  }

  private dropUser(userId: number): void {
    for (const sid of this.byUser.get(userId) ?? []) this.entries.delete(sid);
    this.byUser.delete(userId);
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }
}

/**
 * One dedicated connection per server that LISTENs on the channel and feeds the cache; reconnects
 * when lost (the cache is bypassed meanwhile). `stop()` at close.
 */
export function listenForSessionChanges(options: { connection: pg.ClientConfig; cache: SessionCache; log: SessionCacheLog }) {
  const { cache, log } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  function lost(client: pg.Client, error: unknown) {
    cache.setListening(false);
    client.removeAllListeners();
    // An error after the first is ignored: the connection is already given up.
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error }, 'session cache: LISTEN connection lost; reading sessions from the database until it is back');
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5_000;
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  }

  async function connect(): Promise<void> {
    timer = null;
    if (stopped) return;
    const next = new pg.Client({ ...options.connection, keepAlive: true });
    client = next;
    let gone = false;
    const fail = (error: unknown) => {
      if (gone) return;
      gone = true;
      if (client === next) client = null;
      lost(next, error);
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === SESSION_CACHE_CHANNEL) cache.notified(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
      if (gone || stopped) return;
      attempt = 0;
      // Changes made while nobody listened were never heard: start empty.
      cache.setListening(true);
    } catch (error) {
      fail(error);
    }
  }

  void connect();
  return {
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.setListening(false);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
