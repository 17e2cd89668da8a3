import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ApiScope } from '../src/common/contracts/integrations';
import type { Db } from '../src/server/db/client';
import { createUser, TestClient } from './api';

/** A signed-in admin acting as admin. */
export async function signedInAdmin(app: FastifyInstance, db: Db) {
  const user = await createUser(db, { role: 'admin' });
  const client = await new TestClient(app).signInAs(user, 'admin');
  return { user, client };
}

/** Creates a token through the admin API and answers its secret. */
export async function createToken(admin: TestClient, scopes: ApiScope[], extra: { name?: string; expiresAt?: string } = {}) {
  const response = await admin.post('/api/admin/api-tokens', { name: extra.name ?? `ERP ${scopes.join(' ')}`, scopes, ...extra });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; token: string; name: string };
}

/** A machine's request: the bearer token and JSON, no cookie and no timestamp header. */
export function bearer(app: FastifyInstance, token: string, options: InjectOptions & { json?: unknown }) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(options.headers as Record<string, string>) };
  let payload = options.payload;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  }
  return app.inject({ ...options, headers, payload });
}
