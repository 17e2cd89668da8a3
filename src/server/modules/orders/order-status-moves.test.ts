import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { signedInAdmin } from '../../../../test/integrations';
import { activityLogs, webhookDeliveries } from '../../db/schema';

/** ADR 0183: order status is a state machine; the same status again is a no-op. */
const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
let admin: TestClient;
let endpointId: number;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  const endpoint = await admin.post('/api/admin/webhooks', { url: 'https://erp.example.com/hooks', events: ['order.status_changed'], description: 'ERP' });
  expect(endpoint.statusCode).toBe(201);
  endpointId = endpoint.json().id;
});

async function placedOrder(): Promise<number> {
  const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
  const response = await client.post('/api/orders', {});
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const statusEvents = async (orderId: number) =>
  (await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventType, 'order.status_changed')))).filter(
    (d) => (JSON.parse(d.body) as { data: { order: { id: number } } }).data.order.id === orderId,
  );

describe('PATCH /api/orders/:id status moves', () => {
  it('walks submitted -> confirmed -> shipped -> completed, one event each', async () => {
    const id = await placedOrder();
    for (const status of ['confirmed', 'shipped', 'completed']) {
      const response = await admin.patch(`/api/orders/${id}`, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(status);
    }
    expect(await statusEvents(id)).toHaveLength(3);
  });

  it('refuses an illegal move with 409 naming the allowed ones, changing nothing', async () => {
    const id = await placedOrder();
    await admin.patch(`/api/orders/${id}`, { status: 'confirmed' });
    await admin.patch(`/api/orders/${id}`, { status: 'shipped' });
    const back = await admin.patch(`/api/orders/${id}`, { status: 'confirmed' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ message: 'An order that is shipped can move only to: completed.' });
    const cancel = await admin.patch(`/api/orders/${id}`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect((await admin.get(`/api/orders/${id}`)).json().status).toBe('shipped');
    expect(await statusEvents(id)).toHaveLength(2);
    const skip = await admin.patch(`/api/orders/${await placedOrder()}`, { status: 'shipped' });
    expect(skip.json().message).toBe('An order that is submitted can move only to: confirmed, cancelled.');
  });

  it('answers the same status again with 200 and no second event or activity row', async () => {
    const id = await placedOrder();
    const first = await admin.patch(`/api/orders/${id}`, { status: 'confirmed' });
    const again = await admin.patch(`/api/orders/${id}`, { status: 'confirmed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'confirmed', updatedAt: first.json().updatedAt });
    expect(await statusEvents(id)).toHaveLength(1);
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'order_updated'));
    expect(logged.filter((row) => (row.metadata as { orderId?: number }).orderId === id)).toHaveLength(1);
  });
});
