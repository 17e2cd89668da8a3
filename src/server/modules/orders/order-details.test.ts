import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { earliestRequestedDate, todayIn } from '@common/domain/business-days';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, MERCH, put } from '../../../../test/cart-fixtures';
import { emailOutbox, users } from '../../db/schema';

const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'salesperson' | 'bold_customer', names: { firstName?: string; lastName?: string } = {}) {
  const user = await createUser(ctx.db, { role, email: `${role}${Math.random().toString(36).slice(2, 8)}@example.com` });
  if (Object.keys(names).length > 0) await ctx.db.update(users).set(names).where(eq(users.id, user.id));
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

async function emailFor(orderId: number) {
  const rows = await ctx.db.select().from(emailOutbox);
  return rows.find((r) => r.subject.includes(`#${orderId} `))!;
}

describe('a dealer\'s PO reference and note', () => {
  it('are kept with the order and show in history, the detail and the email', async () => {
    const { client } = await signedIn('bold_customer', { firstName: 'Dee', lastName: 'Ler' });
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 2 });
    const placed = await client.post('/api/orders', { poReference: ' JOB-4471 ', notes: 'Deliver to the back door' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ poReference: 'JOB-4471', notes: 'Deliver to the back door', placedBy: 'Dee Ler' });

    const history = (await client.get('/api/orders')).json().orders[0];
    expect(history).toMatchObject({ id: placed.json().id, poReference: 'JOB-4471', notes: 'Deliver to the back door', placedBy: 'Dee Ler' });
    expect((await client.get(`/api/orders/${placed.json().id}`)).json()).toMatchObject({ poReference: 'JOB-4471', placedBy: 'Dee Ler' });

    const email = await emailFor(placed.json().id);
    expect(email.textBody).toContain('PO reference: JOB-4471');
    expect(email.textBody).toContain(`PO name: ${cart.name}`);
    expect(email.textBody).toContain('Placed by: Dee Ler (');
    expect(email.textBody).toContain('Deliver to the back door');
  });

  it('are optional, and a reference over 100 characters is refused without an order', async () => {
    const { client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const tooLong = await client.post('/api/orders', { poReference: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('PO reference must be at most 100 characters');
    expect((await client.get('/api/orders')).json().total).toBe(0);
    const plain = await client.post('/api/orders', {});
    expect(plain.json()).toMatchObject({ poReference: null, notes: null });
  });
});

describe('order lines read well', () => {
  it('names the placer by username when they have no name, and a label "line + name" once in the email', async () => {
    const { user, client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    await put(client, `/api/carts/${cart.id}/merchandise/label/${MERCH.label.code}`, { quantity: 2 });
    const placed = await client.post('/api/orders', { requestedDate: earliestRequestedDate(todayIn()), deliveryType: 'pickup' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().placedBy).toBe(user.username);
    const email = await emailFor(placed.json().id);
    expect(email.textBody).toContain('2 x Label: Calacatta Shelf Label (LBL-CAL)');
    expect(email.textBody).not.toContain('Calacatta Calacatta');
    // A sample order has no PO name (docs/guide.md "Words we use"): its cart's name is not shown as one.
    expect(email.textBody).not.toContain(cart.name);
    expect(email.textBody).not.toMatch(/^(PO name|Cart):/m);
  });
});
