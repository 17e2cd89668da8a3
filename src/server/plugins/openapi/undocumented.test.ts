import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { createToken } from '../../../../test/integrations';
import { registerUndocumentedStatusCheck } from './undocumented';

const ctx = useTestApp();

/** Any id that names nothing, for every kind of path parameter the routes have. */
const withMissingIds = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => ({ day: '2099-01-01', type: 'display', code: 'NONE' })[name] ?? '2147483647');

describe('an undocumented status never comes back (ADR 0181)', () => {
  it('records an answer whose status the route does not list', async () => {
    const app = Fastify();
    registerUndocumentedStatusCheck(app);
    app.get('/api/teapot', { config: { access: 'public' } }, (_request, reply) => reply.code(418).send({ message: 'short and stout' }));
    app.get('/api/fine', { config: { access: 'public' } }, () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/teapot' });
    await app.inject({ method: 'GET', url: '/api/fine' });
    expect(app.undocumentedAnswers).toEqual(['GET /api/teapot → 418']);
    await app.close();
  });

  it("answers every route's generic error paths with statuses the route lists", async () => {
    const routes = ctx.app.apiRoutes.filter((r) => !r.schema?.hide && r.url !== '/api/logout');
    const admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
    const { token } = await createToken(admin, ['products:read']);
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    const anonymous = new TestClient(ctx.app);
    const statuses = new Set<number>();
    for (const route of routes) {
      const url = withMissingIds(route.url);
      const method = route.method as 'GET';
      const answers = [
        // Nobody signed in; a write with an empty JSON body.
        await anonymous.request({ method, url, ...(method === 'GET' ? {} : { json: {} }) }),
        // A write without X-Request-Timestamp.
        await ctx.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' }),
        // An API token whose scope reaches only the catalogue.
        await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } }),
        // A dealer (fewest permissions) and an admin, with ids that name nothing and an empty body.
        await dealer.request({ method, url, ...(method === 'GET' ? {} : { json: {} }) }),
        await admin.request({ method, url, ...(method === 'GET' ? {} : { json: {} }) }),
        // A path parameter that is not an id; a query parameter the contract does not know.
        await admin.request({ method, url: route.url.replace(/:(\w+)/g, 'x%00y') }),
      ];
      for (const answer of answers) statuses.add(answer.statusCode);
    }
    // The walk reached the error paths it is meant to check...
    expect([...statuses]).toEqual(expect.arrayContaining([400, 401, 403, 404, 415]));
    // ...and every answer was one its route lists.
    expect(ctx.app.undocumentedAnswers).toEqual([]);
  }, 120_000);
});
