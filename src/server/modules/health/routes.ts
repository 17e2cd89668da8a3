import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { redactForLog } from '../../lib/pg-errors';

const healthBody = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']) });

/**
 * For load balancers: 200 when this instance can reach PostgreSQL, else 503.
 * `ping` is the database's own connection for this (Database.ping, ADR 0170), so a
 * busy request pool does not fail the check; without it, `select 1` through `db`.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; ping?: () => Promise<void> }> = async (app, { db, ping }) => {
  const reachDatabase = ping ?? (() => db.execute(sql`select 1`));
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: healthBody, 503: healthBody } } }, async (request, reply) => {
    try {
      await reachDatabase();
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: redactForLog(error) }, 'health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });
};
