/** The api-tokens module's public entry (docs/architecture.md: other modules use this, never the repository). */
export { apiTokenRoutes } from './routes';
export { createApiTokensService, hashToken, type ApiTokensService, type TokenIdentity } from './service';
