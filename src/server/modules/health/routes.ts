import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';

const healthBody = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']) });

/** For load balancers: 200 when this instance can reach PostgreSQL, else 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: healthBody, 503: healthBody } } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });
};
