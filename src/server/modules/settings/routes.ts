import { systemSettingsResponse } from '@common/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './service';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/api/system/settings',
    { config: { access: 'user' }, schema: { operationId: 'getSystemSettings', summary: 'Portal settings the screens need (last stock update, ...)', response: { 200: systemSettingsResponse } } },
    () => settings.list(),
  );
};
