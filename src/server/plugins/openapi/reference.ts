import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The reference page's address (linked from the API tokens screen and docs/integrations.md). */
export const REFERENCE_PATH = '/api/docs';

/**
 * The API reference: Swagger UI from @fastify/swagger-ui, rendered in the browser from the
 * OpenAPI document. Its scripts and styles are files of the package, served by this server
 * (no CDN), and it runs no inline script, so the portal's own CSP covers it (ADR 0176).
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Public like /api/openapi.json: the access plugin refuses an /api route that names no rule.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await scope.register(swaggerUi, {
      routePrefix: REFERENCE_PATH,
      theme: { title: 'BOLD portal API reference' },
      // No top bar: its logo is Fastify's and its box would explore other documents.
      uiConfig: { layout: 'BaseLayout' },
      // validatorUrl stays unset: the plugin then sends no document to an outside validator.
    });
  });
}
