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
 * For load balancers: 200 when this instance can reach PostgreSQL, else 503 (liveness).
 * /api/health/ready (readiness, ADR 0171) is 200 only when the server is also prepared and not
 * shutting down: a proxy checks it to decide where to send requests.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; phase?: () => Phase }> = async (app, { db, phase = () => 'ready' }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: healthBody, 503: healthBody } } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: redactForLog(error) }, 'health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  app.get(
    '/api/health/ready',
    { config: { access: 'public' }, schema: { response: { 200: readinessBody, 503: readinessBody } } },
    async (request, reply) => {
      const now = phase();
      // No database round trip while starting or draining: the answer is 503 either way.
      if (now !== 'ready') return reply.code(503).send({ status: now, database: 'unchecked' });
      // The same check as /api/health.
      try {
        await db.execute(sql`select 1`);
        return { status: 'ready' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: redactForLog(error) }, 'readiness check: the database did not answer');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
