import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { redactForLog } from '../../lib/pg-errors';
import type { Phase } from '../../lifecycle';

const healthBody = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']) });

const readinessBody = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
  database: z.enum(['ok', 'down', 'unchecked']),
});

/**
 * For load balancers. /api/health (liveness): 200 when this instance can reach PostgreSQL,
 * else 503. /api/health/ready (readiness, ADR 0171): 200 only when the server is also
 * prepared and not shutting down; a proxy checks it to decide where to send requests.
 * `ping` is the database's own connection for these checks (Database.ping, ADR 0170), so a
 * busy request pool does not fail them; without it, `select 1` through `db`.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; ping?: () => Promise<void>; phase?: () => Phase }> = async (
  app,
  { db, ping, phase = () => 'ready' },
) => {
  const reachDatabase = ping ?? (() => db.execute(sql`select 1`));
  app.get('/api/health', { config: { access: 'public' }, schema: { operationId: 'getHealth', summary: 'Liveness: the process answers and whether the database does', response: { 200: healthBody, 503: healthBody } } }, async (request, reply) => {
    try {
      await reachDatabase();
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: redactForLog(error) }, 'health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  app.get(
    '/api/health/ready',
    { config: { access: 'public' }, schema: { operationId: 'getReadiness', summary: 'Readiness: whether this server takes traffic', response: { 200: readinessBody, 503: readinessBody } } },
    async (request, reply) => {
      const now = phase();
      // No database round trip while starting or draining: the answer is 503 either way.
      if (now !== 'ready') return reply.code(503).send({ status: now, database: 'unchecked' });
      // The same check as /api/health.
      try {
        await reachDatabase();
        return { status: 'ready' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: redactForLog(error) }, 'readiness check: the database did not answer');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
