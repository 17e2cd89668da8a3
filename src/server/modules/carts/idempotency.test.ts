import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, MERCH } from '../../../../test/cart-fixtures';

/** The failure this prevents: a retried add whose answer was lost counted twice. With an Idempotency-Key it counts once. */
const ctx = useTestApp();
beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  const client = await new TestClient(ctx.app).signInAs(user);
  return { client, cart: await activeCart(client) };
}

const withKey = (client: TestClient, url: string, json: unknown, key: string) =>
  client.request({ method: 'POST', url, json, headers: { 'idempotency-key': key } });

describe('Idempotency-Key on cart writes', () => {
  it('an add sent twice with one key counts once and answers the same both times', async () => {
    const { client, cart } = await signedIn();
    const url = `/api/carts/${cart.id}/items`;
    const body = { productId: CATALOGUE.plenty.id, quantity: 3 };
    const first = await withKey(client, url, body, 'add-1');
    const retry = await withKey(client, url, body, 'add-1');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await activeCart(client)).items).toEqual([expect.objectContaining({ productId: CATALOGUE.plenty.id, quantity: 3 })]);
    // A new key is a new add.
    await withKey(client, url, body, 'add-2');
    expect((await activeCart(client)).items[0]?.quantity).toBe(6);
    // Without a key every add counts, as before.
    await client.post(url, body);
    expect((await activeCart(client)).items[0]?.quantity).toBe(9);
  });

  it('retries racing each other still count once', async () => {
    const { client, cart } = await signedIn();
    const body = { productId: CATALOGUE.cheap.id, quantity: 2 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => withKey(client, `/api/carts/${cart.id}/items`, body, 'race-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect((await activeCart(client)).items).toEqual([expect.objectContaining({ productId: CATALOGUE.cheap.id, quantity: 2 })]);
  });

  it('covers quick add and merchandise +1 (salesperson screens)', async () => {
    const { client, cart } = await signedIn('salesperson');
    const bulk = { items: [{ productId: CATALOGUE.plenty.id, quantity: 1 }] };
    await withKey(client, `/api/carts/${cart.id}/bulk-items`, bulk, 'bulk-1');
    await withKey(client, `/api/carts/${cart.id}/bulk-items`, bulk, 'bulk-1');
    const adjust = { type: 'label', codes: [MERCH.label.code], delta: 1 };
    await withKey(client, `/api/carts/${cart.id}/merchandise/adjust`, adjust, 'adjust-1');
    await withKey(client, `/api/carts/${cart.id}/merchandise/adjust`, adjust, 'adjust-1');
    const view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view.items).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(view.labels).toEqual([expect.objectContaining({ code: MERCH.label.code, quantity: 1 })]);
  });

  it('covers new carts (a dealer keeps several purchase orders)', async () => {
    const { client } = await signedIn();
    const created = await withKey(client, '/api/carts', { name: 'Job 42' }, 'create-1');
    const again = await withKey(client, '/api/carts', { name: 'Job 42' }, 'create-1');
    expect(created.statusCode).toBe(201);
    expect(again.json().id).toBe(created.json().id);
    const carts = (await client.get('/api/carts')).json() as { name: string }[];
    expect(carts.filter((c) => c.name === 'Job 42')).toHaveLength(1);
  });

  it('refuses a key reused for a different request, and a malformed key, changing nothing', async () => {
    const { client, cart } = await signedIn();
    const url = `/api/carts/${cart.id}/items`;
    await withKey(client, url, { productId: CATALOGUE.plenty.id, quantity: 1 }, 'reuse-1');
    const reused = await withKey(client, url, { productId: CATALOGUE.plenty.id, quantity: 5 }, 'reuse-1');
    // Stripe's rule (ADR 0182): a reused key with another body is the caller's mistake, 422.
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This Idempotency-Key was already used with a different request body.');
    const malformed = await withKey(client, url, { productId: CATALOGUE.plenty.id, quantity: 5 }, 'bad key with spaces');
    expect(malformed.statusCode).toBe(400);
    expect((await activeCart(client)).items[0]?.quantity).toBe(1);
  });

  it('keys are per user', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const body = { productId: CATALOGUE.plenty.id, quantity: 1 };
    await withKey(a.client, `/api/carts/${a.cart.id}/items`, body, 'shared-key');
    const other = await withKey(b.client, `/api/carts/${b.cart.id}/items`, body, 'shared-key');
    expect(other.statusCode).toBe(200);
    expect((await activeCart(b.client)).items[0]?.quantity).toBe(1);
  });
});
