import { systemSettingsResponse } from '@common/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listSettings } from './repository';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/system/settings',
    { config: { access: 'user' }, schema: { response: { 200: systemSettingsResponse } } },
    async () => (await listSettings(db)).map((s) => ({ key: s.key, value: s.value, updatedAt: s.updatedAt.toISOString() })),
  );
};
