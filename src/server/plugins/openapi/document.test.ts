import { WEBHOOK_EVENTS } from '@common/contracts/integrations';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { HOST_SESSION_COOKIE } from '../sessions';

const ctx = useTestApp();

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { $ref?: string; name?: string }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json }> }>;
}

let doc: Json & { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, Json>>; webhooks: Json };
const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${url}`, op })));

beforeAll(async () => {
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

describe('the OpenAPI document an integrator generates a client from (ADR 0181)', () => {
  it("names the cookie login really sets, and the TLS name, in the session scheme; bearer tokens in the other", async () => {
    const user = await createUser(ctx.db, { role: 'admin' });
    const login = await new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', json: { username: user.username, password: user.password } });
    expect(login.statusCode).toBe(200);
    const cookieNames = (login.cookies as { name: string }[]).map((c) => c.name);
    const session = doc.components.securitySchemes!.session as { in: string; name: string; description: string };
    expect(session.in).toBe('cookie');
    expect(cookieNames).toContain(session.name);
    expect(session.description).toContain(HOST_SESSION_COOKIE);
    expect(doc.components.securitySchemes!.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique camelCase operationId, a summary, tags and a 4xx answer', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      if (!op.operationId || !/^[a-z][a-zA-Z]+$/.test(op.operationId)) problems.push(`${key}: operationId ${op.operationId}`);
      else if (ids.has(op.operationId)) problems.push(`${key}: operationId ${op.operationId} used twice`);
      ids.add(op.operationId ?? '');
      if (!op.summary) problems.push(`${key}: no summary`);
      if (!op.tags?.length) problems.push(`${key}: no tags`);
      if (!Object.keys(op.responses).some((s) => /^4\d\d$/.test(s))) problems.push(`${key}: no 4xx answer`);
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(80);
  });

  it('answers every error from the one Error schema and derives the statuses from the route', () => {
    const errorSchema = doc.components.schemas!.Error as { properties: Json; required: string[] };
    expect(Object.keys(errorSchema.properties)).toEqual(['message', 'errors']);
    expect(errorSchema.required).toEqual(['message']);
    for (const { key, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!/^4|^5/.test(status) || status === '416' || key.startsWith('GET /api/health')) continue;
        const shared = answer.$ref ? doc.components.responses![answer.$ref.split('/').pop()!] : answer;
        const schema = (shared as { content?: Record<string, { schema: Json }> }).content?.['application/json']?.schema;
        // A route may declare a richer 400 of its own (the upload reports); it still offers the Error shape.
        expect(JSON.stringify(schema), `${key} ${status}`).toContain('#/components/schemas/Error');
      }
    }
    const statuses = (key: string) => Object.keys(operations().find((o) => o.key === key)!.op.responses);
    // Public read: bad input, database down. Public write: also the timestamp rule and the body limit.
    expect(statuses('GET /api/health')).toEqual(['200', '400', '503']);
    expect(statuses('POST /api/login')).toEqual(['200', '400', '401', '403', '408', '413', '429', '503']);
    // Signed in, with an id in the path: 401, 403, 404, the token rate limit.
    expect(statuses('GET /api/orders/{id}')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    // A multipart upload: 413 and 415; a route's own statuses (409) from its schema's `errorStatuses`.
    expect(statuses('POST /api/stock/upload')).toEqual(expect.arrayContaining(['409', '413', '415']));
    expect(statuses('POST /api/orders')).toEqual(expect.arrayContaining(['409']));
  });

  it('marks public routes `security: []` and declares the timestamp and idempotency headers as shared parameters', () => {
    const op = (key: string) => operations().find((o) => o.key === key)!.op;
    expect(op('POST /api/login').security).toEqual([]);
    expect(op('GET /api/health').security).toEqual([]);
    expect(op('GET /api/orders').security).toEqual([{ session: [] }, { apiToken: ['orders:read'] }]);
    const refs = (key: string) => (op(key).parameters ?? []).map((p) => p.$ref);
    expect(refs('POST /api/orders')).toEqual(['#/components/parameters/RequestTimestamp', '#/components/parameters/IdempotencyKey']);
    // A token route: bearer requests need no timestamp, so the parameter is optional there.
    expect(refs('PATCH /api/stock')).toContain('#/components/parameters/SessionRequestTimestamp');
    expect(refs('GET /api/orders')).not.toContain('#/components/parameters/RequestTimestamp');
    expect(doc.components.parameters!.RequestTimestamp).toMatchObject({ name: 'X-Request-Timestamp', in: 'header', required: true });
    expect(doc.components.parameters!.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
  });

  it('names the main resources, lists servers and documents every webhook event payload', () => {
    expect(Object.keys(doc.components.schemas!)).toEqual(
      expect.arrayContaining(['Error', 'Order', 'OrderLine', 'OrderPage', 'Product', 'Cart', 'CartLine', 'User', 'CurrentUser', 'Webhook', 'ApiToken']),
    );
    const getOrder = operations().find((o) => o.key === 'GET /api/orders/{id}')!.op;
    expect(getOrder.responses['200']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Order' });
    expect((doc.servers as unknown[]).length).toBeGreaterThan(0);
    // Every subscribable event, and the test event (ping) any endpoint may be sent.
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, 'ping'].sort());
    const created = doc.webhooks['order.created'] as { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } };
    const bodyRef = created.post.requestBody.content['application/json']!.schema.$ref;
    expect(JSON.stringify(doc.components.schemas![bodyRef.split('/').pop()!])).toContain('#/components/schemas/Order');
  });

  it('passes Redocly lint (recommended rules) with 0 errors, and openapi-typescript generates types from it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const redocly = path.resolve('node_modules/.bin/redocly');
    const { stdout } = await promisify(execFile)(redocly, ['lint', file, '--format=json'], { cwd: process.cwd() }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number }; problems: { severity: string; message: string }[] };
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const types = astToString(await openapiTS(JSON.parse(readFileSync(file, 'utf8'))));
    expect(types).toContain('placeOrder: {');
    expect(types).toContain('Error: {');
  }, 60_000);
});
