import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { carts } from '../../db/schema';

const ctx = useTestApp();

async function signedIn(role: 'salesperson' | 'bold_customer' | 'admin', actAs?: 'salesperson' | 'bold_customer' | 'admin') {
  const user = await createUser(ctx.db, { role });
  const client = await new TestClient(ctx.app).signInAs(user, actAs);
  return { user, client };
}

const cartsOf = (userId: number) => ctx.db.select().from(carts).where(eq(carts.userId, userId));

describe('PO names are unique per user, ignoring case', () => {
  it('refuses a second "Kitchen" in any case with a clear message and creates nothing', async () => {
    const { user, client } = await signedIn('bold_customer');
    expect((await client.post('/api/carts', { name: 'Kitchen' })).statusCode).toBe(201);
    const again = await client.post('/api/carts', { name: '  kitchen ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a PO named "kitchen". Please choose another name.');
    expect(again.json().errors).toEqual([{ path: 'name', message: again.json().message }]);
    expect((await cartsOf(user.id)).filter((c) => c.name.toLowerCase() === 'kitchen')).toHaveLength(1);
  });

  it('refuses renaming a PO to another PO\'s name but allows changing the case of its own', async () => {
    const { client } = await signedIn('bold_customer');
    const kitchen = (await client.post('/api/carts', { name: 'Kitchen' })).json();
    const bath = (await client.post('/api/carts', { name: 'Bath' })).json();
    const clash = await client.patch(`/api/carts/${bath.id}`, { name: 'KITCHEN' });
    expect(clash.statusCode).toBe(409);
    expect((await client.patch(`/api/carts/${kitchen.id}`, { name: 'KITCHEN' })).statusCode).toBe(200);
  });

  it('lets two users each keep a PO of the same name', async () => {
    const a = await signedIn('bold_customer');
    const b = await signedIn('bold_customer');
    expect((await a.client.post('/api/carts', { name: 'Lobby' })).statusCode).toBe(201);
    expect((await b.client.post('/api/carts', { name: 'Lobby' })).statusCode).toBe(201);
  });
});

describe('salespeople keep one sample order (no cart switching)', () => {
  it('refuses a second cart for a salesperson and keeps the one they have', async () => {
    const { user, client } = await signedIn('salesperson');
    const response = await client.post('/api/carts', { name: 'Another sample order' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Salespeople keep one sample order. Place or clear it to start another.');
    expect(await cartsOf(user.id)).toHaveLength(1);
  });

  it('refuses it for an admin acting as Salesperson too, and allows it acting as Admin', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const asSales = await new TestClient(ctx.app).signInAs(admin, 'salesperson');
    expect((await asSales.post('/api/carts', { name: 'Second' })).statusCode).toBe(403);
    const asAdmin = await new TestClient(ctx.app).signInAs(admin, 'admin');
    expect((await asAdmin.post('/api/carts', { name: 'Second' })).statusCode).toBe(201);
  });
});
