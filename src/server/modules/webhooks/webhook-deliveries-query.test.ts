import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/api';
import { useTestApp } from '../../../../test/api';
import { signedInAdmin } from '../../../../test/integrations';
import { webhookEndpoints } from '../../db/schema';

/** docs/decisions/0205: the delivery log's `before` position is a PostgreSQL integer id, else a 400. */
const ctx = useTestApp();
let admin: TestClient;
let endpointId = 0;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ url: 'https://erp.example/hooks', events: ['order.created'], secret: 'whsec_test' })
    .returning({ id: webhookEndpoints.id });
  endpointId = row!.id;
});

describe('GET /api/admin/webhooks/{id}/deliveries', () => {
  it.each(['2147483648', '1e308', '0', '-1', '1.5', 'abc'])('before=%s is a 400 naming before', async (before) => {
    const response = await admin.get(`/api/admin/webhooks/${endpointId}/deliveries?before=${before}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.path).toBe('before');
  });

  it('pages with a real id', async () => {
    expect((await admin.get(`/api/admin/webhooks/${endpointId}/deliveries?before=2147483647`)).statusCode).toBe(200);
  });
});
