import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/password-hash';
import type { Role } from '../src/common/domain/permissions';
import { createTestDatabase } from './db';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
}

/**
 * Builds the real app on this file's own database. Call at the top of a test
 * file; the returned object is filled in before the first test runs.
 */
export function useTestApp(env: Record<string, string> = {}, deps: { clientDir?: string } = {}): TestContext {
  const ctx = {} as TestContext;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...env });
    const app = await buildApp({ db: database.db, config, sessionSecret: 'x'.repeat(48), logger: false, checkUndocumentedStatuses: true, ...deps });
    await app.ready();
    Object.assign(ctx, { app, db: database.db, config });
    close = async () => {
      const undocumented = [...app.undocumentedAnswers];
      await app.close();
      await database.close();
      // An undocumented status never comes back (ADR 0181): every answer this file provoked is one its route lists.
      if (undocumented.length > 0) {
        throw new Error(
          'Answers the OpenAPI document does not list (declare the status in the route schema or in ' +
            `src/server/plugins/openapi/operations.ts):\n${undocumented.join('\n')}`,
        );
      }
    };
  });
  afterAll(async () => close?.());
  return ctx;
}

let userCounter = 0;

export async function createUser(
  db: Db,
  options: { role?: Role; password?: string; isTemporaryPassword?: boolean; username?: string; email?: string } = {},
) {
  userCounter += 1;
  const password = options.password ?? 'Secret123';
  const [row] = await db
    .insert(users)
    .values({
      username: options.username ?? `user${userCounter}_${Date.now().toString(36)}`,
      passwordHash: await hashPassword(password),
      role: options.role ?? 'salesperson',
      email: options.email ?? null,
      isTemporaryPassword: options.isTemporaryPassword ?? false,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { ...row, password };
}

/**
 * A cookie-keeping client over app.inject that sends what the real client
 * sends: the timestamp header and JSON bodies.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { json?: unknown }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-request-timestamp': String(Date.now()), ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload = options.payload;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.app.inject({ ...options, headers, payload });
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, json: unknown = {}) {
    return this.request({ method: 'POST', url, json });
  }
  patch(url: string, json: unknown = {}) {
    return this.request({ method: 'PATCH', url, json });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url, json: {} });
  }

  async login(username: string, password: string, rememberMe = false) {
    const response = await this.post('/api/login', { username, password, rememberMe });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }

  /** Signs in and, for admins, picks the role to act as. */
  async signInAs(user: { username: string; password: string }, role?: Role) {
    await this.login(user.username, user.password);
    if (role) {
      const chosen = await this.post('/api/session/role', { role });
      if (chosen.statusCode !== 200) throw new Error(`role failed: ${chosen.body}`);
    }
    return this;
  }
}
