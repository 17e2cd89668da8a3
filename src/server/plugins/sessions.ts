import type { Role } from '@common/domain/permissions';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { PgSessionStore } from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: number;
    activeRole?: Role | null;
    rememberMe?: boolean;
    /** Last request time; refreshed at most once a minute to keep the idle expiry moving. */
    lastSeenAt?: number;
  }
}

const TOUCH_EVERY_MS = 60_000;
export const SESSION_COOKIE = 'bold.sid';

/**
 * Cookie sessions stored in PostgreSQL. Not rolling: saving on every request
 * would write a row per API call; instead lastSeenAt is bumped once a minute,
 * which re-saves the session and pushes its idle expiry forward.
 */
export async function registerSessions(app: FastifyInstance, options: { db: Db; secret: string }): Promise<void> {
  await app.register(cookie);
  await app.register(session, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new PgSessionStore(options.db),
    saveUninitialized: false,
    rolling: false,
    // 'auto': Secure over HTTPS (with TRUST_PROXY behind a TLS proxy), plain on http://localhost.
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' },
  });
  app.addHook('preHandler', async (request) => {
    const s = request.session;
    if (typeof s.get('userId') !== 'number') return;
    const last = s.get('lastSeenAt') ?? 0;
    if (Date.now() - last > TOUCH_EVERY_MS) s.set('lastSeenAt', Date.now());
  });
}
