import { merchandiseAdminListResponse, merchandiseRemoveResponse } from '@common/contracts/merchandise';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, cartMerchandise, merchandise, orderMerchandise, orders } from '../../db/schema';

/** Manage Merchandise: list, edit, delete or deactivate (docs/decisions/0131). */
const ctx = useTestApp();

async function signedIn(role: 'admin' | 'salesperson') {
  const user = await createUser(ctx.db, { role });
  return { user, client: await new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined) };
}

async function item(code: string, type: 'display' | 'label' = 'display') {
  const [row] = await ctx.db.insert(merchandise).values({ type, code, name: `Item ${code}`, category: 'Floor', price: '12.50' }).returning();
  return row!;
}

async function activeCartOf(client: TestClient): Promise<number> {
  const list = (await client.get('/api/carts')).json() as { id: number; isActive: boolean }[];
  return list.find((c) => c.isActive)!.id;
}

describe('Manage Merchandise (admin)', () => {
  it('lists every item with its active flag, for admins only', async () => {
    await item('A-LIST');
    const { client: admin } = await signedIn('admin');
    const response = await admin.get('/api/admin/merchandise');
    expect(response.statusCode).toBe(200);
    expect(merchandiseAdminListResponse.parse(response.json())).toContainEqual(expect.objectContaining({ code: 'A-LIST', active: true, price: '12.50' }));
    const { client: sales } = await signedIn('salesperson');
    expect((await sales.get('/api/admin/merchandise')).statusCode).toBe(403);
  });

  it('edits one item; type and code stay; a bad body changes nothing', async () => {
    const row = await item('A-EDIT');
    const { client: admin } = await signedIn('admin');
    const body = { name: 'Spinner XL', description: '  ', line: '', category: 'Counter', handboardType: '', price: '19.9' };
    const response = await admin.patch(`/api/admin/merchandise/${row.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, code: 'A-EDIT', type: 'display', name: 'Spinner XL', description: null, category: 'Counter', price: '19.90' });
    const bad = await admin.patch(`/api/admin/merchandise/${row.id}`, { ...body, name: '', price: '-1' });
    expect(bad.statusCode).toBe(400);
    const [saved] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, row.id));
    expect(saved).toMatchObject({ name: 'Spinner XL', price: '19.90' });
    expect((await admin.patch('/api/admin/merchandise/999999', body)).statusCode).toBe(404);
    const { client: sales } = await signedIn('salesperson');
    expect((await sales.patch(`/api/admin/merchandise/${row.id}`, body)).statusCode).toBe(403);
  });

  it('deletes an item nothing refers to', async () => {
    const row = await item('A-DEL');
    const { client: admin } = await signedIn('admin');
    const { client: sales } = await signedIn('salesperson');
    expect((await sales.delete(`/api/admin/merchandise/${row.id}`)).statusCode).toBe(403);
    const response = await admin.delete(`/api/admin/merchandise/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(merchandiseRemoveResponse.parse(response.json())).toMatchObject({ outcome: 'deleted', carts: 0, orders: 0 });
    expect(await ctx.db.select().from(merchandise).where(eq(merchandise.id, row.id))).toEqual([]);
    expect((await admin.delete(`/api/admin/merchandise/${row.id}`)).statusCode).toBe(404);
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'merchandise_updated'));
    expect(logged.map((l) => l.metadata)).toContainEqual(expect.objectContaining({ code: 'A-DEL', action: 'deleted' }));
  });

  it('deactivates an item carts and orders refer to: named counts, out of carts, hidden, refused by the cart, orders keep their lines', async () => {
    const row = await item('A-REF');
    const { client: admin } = await signedIn('admin');
    const { user, client: sales } = await signedIn('salesperson');
    const cartId = await activeCartOf(sales);
    expect((await sales.request({ method: 'PUT', url: `/api/carts/${cartId}/merchandise/display/A-REF`, json: { quantity: 2 } })).statusCode).toBe(200);
    const [order] = await ctx.db.insert(orders).values({ userId: user.id, username: user.username, kind: 'purchase' }).returning();
    await ctx.db.insert(orderMerchandise).values({ orderId: order!.id, type: 'display', code: 'A-REF', name: 'Item A-REF', quantity: 1 });

    const response = await admin.delete(`/api/admin/merchandise/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = merchandiseRemoveResponse.parse(response.json());
    expect(body).toMatchObject({ outcome: 'deactivated', carts: 1, orders: 1 });
    expect(body.message).toContain('1 cart and 1 order');

    const [saved] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, row.id));
    expect(saved?.active).toBe(false);
    expect(await ctx.db.select().from(cartMerchandise).where(eq(cartMerchandise.cartId, cartId))).toEqual([]);
    expect(await ctx.db.select().from(orderMerchandise).where(eq(orderMerchandise.orderId, order!.id))).toHaveLength(1);
    expect((await sales.get('/api/merchandise/displays')).json().map((m: { code: string }) => m.code)).not.toContain('A-REF');

    const refused = await sales.request({ method: 'PUT', url: `/api/carts/${cartId}/merchandise/display/A-REF`, json: { quantity: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Display A-REF is no longer available');
    const adjust = await sales.post(`/api/carts/${cartId}/merchandise/adjust`, { type: 'display', codes: ['A-REF'], delta: 1 });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json().message).toBe('Display A-REF is no longer available');
    expect((await admin.get('/api/admin/merchandise')).json()).toContainEqual(expect.objectContaining({ code: 'A-REF', active: false }));
  });
});
