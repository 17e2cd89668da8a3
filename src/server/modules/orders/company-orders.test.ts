import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricesChangedBody } from '@common/contracts/orders';
import { COMPANY_PO_MESSAGES } from '@common/domain/company-orders';
import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { carts, companies, companyLocations, emailOutbox, orderItems, orders, priceListAssignments, priceListEntries, priceLists, users } from '../../db/schema';

/*
 * Company POs and orders (docs/decisions/0233): contract prices in the PO and on the order, the
 * company's order history, sharing, checkout to a saved location, and approvals.
 */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

const SKU = CATALOGUE.plenty.id; // base 42.50, 500 in stock
const OTHER = CATALOGUE.cheap.id; // base 0.10

let companyCounter = 0;
async function company() {
  companyCounter += 1;
  const [row] = await ctx.db.insert(companies).values({ name: `Company ${companyCounter} ${Date.now().toString(36)}` }).returning();
  return row!;
}

async function buyer(companyId: number, companyRole: 'admin' | 'buyer' | 'requester', spendingLimit: string | null = null, firstName = 'Pat') {
  const user = await createUser(ctx.db, { role: 'bold_customer', email: `${Math.random().toString(36).slice(2)}@dealer.test` });
  await ctx.db.update(users).set({ companyId, companyRole, spendingLimit, firstName, lastName: `B${user.id}` }).where(eq(users.id, user.id));
  return { user: { ...user, firstName, lastName: `B${user.id}` }, client: await new TestClient(ctx.app).signInAs(user) };
}

let listCounter = 0;
/** A contract list for one company: SKU at `price` from 1 box, and `breakPrice` from 100 boxes. */
async function contractList(companyId: number, price: string, breakPrice: string) {
  listCounter += 1;
  const [list] = await ctx.db.insert(priceLists).values({ code: `C${listCounter}`, name: `Contract 2026 #${listCounter}` }).returning();
  await ctx.db.insert(priceListEntries).values([
    { priceListId: list!.id, productId: SKU, minQuantity: 1, price },
    { priceListId: list!.id, productId: SKU, minQuantity: 100, price: breakPrice },
  ]);
  await ctx.db.insert(priceListAssignments).values({ priceListId: list!.id, companyId, priority: 10 });
  return list!;
}

type Line = { id: number; productId: number; quantity: number; product: { price: string | null }; basePrice?: string | null; priceSource?: { listName: string; minQuantity: number } | null };
type Cart = { id: number; isActive: boolean; name: string; items: Line[]; approvalStatus?: string | null; approvalNote?: string | null; sharedWithCompany?: boolean; ownerName?: string };

async function active(client: TestClient): Promise<Cart> {
  const response = await client.get('/api/carts');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Cart[]).find((c) => c.isActive)!;
}

async function fill(client: TestClient, quantity: number, productId = SKU): Promise<Cart> {
  const cart = await active(client);
  const added = await client.post(`/api/carts/${cart.id}/items`, { productId, quantity });
  expect(added.statusCode, added.body).toBe(200);
  return active(client);
}

function seen(cart: Cart, extra: Record<string, unknown> = {}) {
  return { cartId: cart.id, items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, seenPrice: i.product.price })), ...extra };
}

describe('contract prices in the PO and on the order', () => {
  it('the PO shows the contract price, its base and source; a quantity crossing the break changes the price; the order charges what was shown', async () => {
    const c = await company();
    const list = await contractList(c.id, '40.00', '38.00');
    const { client } = await buyer(c.id, 'buyer');

    let cart = await fill(client, 99);
    expect(cart.items[0]).toMatchObject({ product: { price: '40.00' }, basePrice: CATALOGUE.plenty.price, priceSource: { listName: list.name, minQuantity: 1 } });
    const line = cart.items[0]!;
    expect((await client.patch(`/api/carts/${cart.id}/items/${line.id}`, { quantity: 100 })).statusCode).toBe(200);
    cart = await active(client);
    expect(cart.items[0]).toMatchObject({ quantity: 100, product: { price: '38.00' }, priceSource: { listCode: list.code, minQuantity: 100 } });

    const placed = await client.post('/api/orders', seen(cart, { seenTotal: '3800.00' }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      total: '3800.00',
      companyId: c.id,
      items: [{ productId: SKU, quantity: 100, price: '38.00', basePrice: CATALOGUE.plenty.price, priceListCode: list.code, priceListName: list.name, priceBreakMin: 100 }],
    });
    const [stored] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.json().id));
    expect(stored).toMatchObject({ price: '38.00', basePrice: CATALOGUE.plenty.price, priceListCode: list.code, priceBreakMin: 100 });
  });

  it('a list changed between view and place is the 409 with the old and new prices; nothing is placed', async () => {
    const c = await company();
    const list = await contractList(c.id, '40.00', '38.00');
    const { user, client } = await buyer(c.id, 'buyer');
    const cart = await fill(client, 3);
    await ctx.db.update(priceListEntries).set({ price: '41.00' }).where(and(eq(priceListEntries.priceListId, list.id), eq(priceListEntries.minQuantity, 1)));

    const refused = await client.post('/api/orders', seen(cart, { seenTotal: '120.00' }));
    expect(refused.statusCode, refused.body).toBe(409);
    const body = pricesChangedBody.parse(refused.json());
    expect(body.message).toBe(PRICE_MESSAGES.changed);
    expect(body.priceChanges.lines).toEqual([{ productId: SKU, productName: CATALOGUE.plenty.name, quantity: 3, oldPrice: '40.00', newPrice: '41.00' }]);
    expect(body.priceChanges.newTotal).toBe('123.00');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('a salesperson keeps base prices in the sample cart', async () => {
    const rep = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    const cart = await fill(rep, 2);
    expect(cart.items[0]).toMatchObject({ product: { price: CATALOGUE.plenty.price }, priceSource: null });
  });
});

describe("the company's orders and POs", () => {
  it('every buyer of the company sees its orders with who placed them; another company sees none of them', async () => {
    const c = await company();
    const a = await buyer(c.id, 'buyer', null, 'Dana');
    const b = await buyer(c.id, 'buyer', null, 'Lee');
    const outsider = await buyer((await company()).id, 'admin');

    const cart = await fill(a.client, 2);
    const placed = await a.client.post('/api/orders', seen(cart));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as number;

    const list = await b.client.get('/api/orders');
    expect(list.json().orders).toEqual([expect.objectContaining({ id: orderId, placedBy: `Dana B${a.user.id}`, companyId: c.id })]);
    expect((await b.client.get(`/api/orders/${orderId}`)).statusCode).toBe(200);
    expect((await b.client.get('/api/orders/export?format=csv')).body).toContain(`Dana B${a.user.id}`);
    const reorder = await b.client.post(`/api/orders/${orderId}/reorder`, {});
    expect(reorder.statusCode, reorder.body).toBe(200);

    expect((await outsider.client.get('/api/orders')).json().orders).toEqual([]);
    expect((await outsider.client.get(`/api/orders/${orderId}`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/orders/${orderId}/reorder`, {})).statusCode).toBe(404);
    expect((await outsider.client.get('/api/orders/export?format=csv')).body).not.toContain(`Dana B${a.user.id}`);

    const admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
    const byCompany = await admin.get(`/api/orders?company=${c.id}`);
    expect(byCompany.json().orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
  });

  it('a new PO belongs to its owner’s company and is private until shared; shared, buyers view and add, only the owner renames or deletes', async () => {
    const c = await company();
    const owner = await buyer(c.id, 'buyer');
    const colleague = await buyer(c.id, 'buyer');
    const cart = await fill(owner.client, 1);
    const [row] = await ctx.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row!.companyId).toBe(c.id);

    expect((await colleague.client.get(`/api/carts/${cart.id}`)).statusCode).toBe(404);
    expect((await colleague.client.get('/api/carts/shared')).json()).toEqual([]);

    const shared = await owner.client.patch(`/api/carts/${cart.id}`, { sharedWithCompany: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().sharedWithCompany).toBe(true);

    expect((await colleague.client.get('/api/carts/shared')).json()).toEqual([expect.objectContaining({ id: cart.id, ownerName: `Pat B${owner.user.id}` })]);
    expect((await colleague.client.get(`/api/carts/${cart.id}`)).statusCode).toBe(200);
    expect((await colleague.client.post(`/api/carts/${cart.id}/items`, { productId: OTHER, quantity: 5 })).statusCode).toBe(200);
    expect((await colleague.client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: OTHER, quantity: 1 }] })).statusCode).toBe(200);
    expect((await owner.client.get(`/api/carts/${cart.id}`)).json().items).toHaveLength(2);
    expect((await colleague.client.patch(`/api/carts/${cart.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await colleague.client.delete(`/api/carts/${cart.id}`)).statusCode).toBe(404);
  });

  it('isolation: a dealer of another company reaches no route of a PO or an order, shared or not', async () => {
    const c = await company();
    const owner = await buyer(c.id, 'buyer');
    const cart = await fill(owner.client, 1);
    await owner.client.patch(`/api/carts/${cart.id}`, { sharedWithCompany: true });
    const lineId = (await active(owner.client)).items[0]!.id;
    const other = await owner.client.post('/api/carts', { name: 'Second', isActive: false });
    const orderOwner = await buyer(c.id, 'buyer');
    const orderCart = await fill(orderOwner.client, 1);
    const orderId = (await orderOwner.client.post('/api/orders', seen(orderCart))).json().id as number;

    const stranger = (await buyer((await company()).id, 'admin')).client;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/carts/${cart.id}`],
      ['PATCH', `/api/carts/${cart.id}`, { name: 'x' }],
      ['PATCH', `/api/carts/${cart.id}`, { sharedWithCompany: false }],
      ['DELETE', `/api/carts/${cart.id}`],
      ['DELETE', `/api/carts/${cart.id}/all-items`],
      ['POST', `/api/carts/${cart.id}/items`, { productId: SKU, quantity: 1 }],
      ['POST', `/api/carts/${cart.id}/bulk-items`, { items: [{ productId: SKU, quantity: 1 }] }],
      ['POST', `/api/carts/${cart.id}/duplicate`, { name: 'Copy' }],
      ['PATCH', `/api/carts/${cart.id}/items/${lineId}`, { quantity: 2 }],
      ['DELETE', `/api/carts/${cart.id}/items/${lineId}`],
      ['POST', `/api/carts/${cart.id}/items/${lineId}/move`, { toCartId: other.json().id }],
      ['PUT', `/api/carts/${cart.id}/merchandise/display/DSP-1`, { quantity: 1 }],
      ['POST', `/api/carts/${cart.id}/merchandise/adjust`, { type: 'display', codes: ['DSP-1'], delta: 1 }],
      ['GET', `/api/orders/${orderId}`],
      ['POST', `/api/orders/${orderId}/reorder`, {}],
      ['GET', `/api/approvals/${cart.id}`],
      ['POST', `/api/approvals/${cart.id}/approve`, {}],
      ['POST', `/api/approvals/${cart.id}/return`, { note: 'no' }],
    ];
    for (const [method, url, json] of routes) {
      const response = await stranger.request({ method: method as 'GET', url, json: json ?? (method === 'GET' ? undefined : {}) });
      expect([403, 404], `${method} ${url}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
    }
    expect((await stranger.get('/api/carts/shared')).json()).toEqual([]);
    expect((await stranger.get('/api/orders')).json().orders).toEqual([]);
    // Nothing of the PO changed.
    expect((await owner.client.get(`/api/carts/${cart.id}`)).json()).toMatchObject({ name: cart.name, sharedWithCompany: true, items: [{ quantity: 1 }] });
  });
});

describe('checkout to a location of the company', () => {
  it('a saved ship-to is copied onto the order with its id; another company’s is a 400; a typed one can be saved', async () => {
    const c = await company();
    const [saved] = await ctx.db
      .insert(companyLocations)
      .values({ companyId: c.id, name: 'Main Store', contactName: 'Dana', phone: '555-0100', street: '1 Shore Rd', city: 'Mobile', state: 'AL', zip: '36602', isDefault: true })
      .returning();
    const otherCompany = await company();
    const [foreign] = await ctx.db.insert(companyLocations).values({ companyId: otherCompany.id, name: 'Theirs', street: '9 Elm', city: 'X', state: 'TX', zip: '75001' }).returning();
    const { client } = await buyer(c.id, 'buyer');

    let cart = await fill(client, 1);
    const refused = await client.post('/api/orders', seen(cart, { deliveryType: 'ship', locationId: foreign!.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COMPANY_PO_MESSAGES.locationNotFound);

    const placed = await client.post('/api/orders', seen(cart, { deliveryType: 'ship', locationId: saved!.id }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ locationId: saved!.id, shipToAddress: { name: 'Main Store', street: '1 Shore Rd', zip: '36602' } });
    expect(placed.json().shipTo).toContain('1 Shore Rd');

    cart = await fill(client, 1);
    const address = { name: 'Job site', contactName: 'Sam', phone: '251-555-0101', street: '44 Bay St', city: 'Mobile', state: 'AL', zip: '36603' };
    const typed = await client.post('/api/orders', seen(cart, { deliveryType: 'ship', shipToAddress: address, saveShipTo: true }));
    expect(typed.statusCode, typed.body).toBe(201);
    const locations = await ctx.db.select().from(companyLocations).where(eq(companyLocations.companyId, c.id));
    const added = locations.find((l) => l.street === '44 Bay St');
    expect(added).toBeDefined();
    expect(typed.json().locationId).toBe(added!.id);
  });
});

describe('approvals', () => {
  it('a requester cannot place; submitted, the PO is pending and locked; the company admin approves and the order is placed by the requester, once', async () => {
    const c = await company();
    await contractList(c.id, '40.00', '38.00');
    const approver = await buyer(c.id, 'admin', null, 'Sam');
    const requester = await buyer(c.id, 'requester', null, 'Ray');

    const cart = await fill(requester.client, 2);
    const placeRefused = await requester.client.post('/api/orders', seen(cart));
    expect(placeRefused.statusCode).toBe(403);
    expect(placeRefused.json().message).toBe(COMPANY_PO_MESSAGES.requesterMustSubmit);

    const submitted = await requester.client.post('/api/orders/submit', seen(cart, { deliveryType: 'pickup', poReference: 'JOB-7' }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ cartId: cart.id, approvalStatus: 'pending' });
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'approval_request'));
    expect(mails.some((m) => m.toAddresses.includes(approver.user.email!))).toBe(true);

    // Locked: no edits, no second submission, no placing.
    const line = (await active(requester.client)).items[0]!;
    expect((await requester.client.patch(`/api/carts/${cart.id}/items/${line.id}`, { quantity: 5 })).statusCode).toBe(409);
    expect((await requester.client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 1 })).statusCode).toBe(409);
    expect((await requester.client.post('/api/orders/submit', seen(cart))).statusCode).toBe(409);

    // Other people: a buyer is no approver, an admin of another company does not reach it.
    const plainBuyer = await buyer(c.id, 'buyer');
    expect((await plainBuyer.client.get('/api/approvals')).statusCode).toBe(403);
    expect((await plainBuyer.client.post(`/api/approvals/${cart.id}/approve`, {})).statusCode).toBe(403);
    const foreignAdmin = await buyer((await company()).id, 'admin');
    expect((await foreignAdmin.client.get('/api/approvals')).json()).toEqual([]);
    expect((await foreignAdmin.client.post(`/api/approvals/${cart.id}/approve`, {})).statusCode).toBe(404);

    const pending = await approver.client.get('/api/approvals');
    expect(pending.json()).toEqual([expect.objectContaining({ id: cart.id, approvalStatus: 'pending', ownerName: `Ray B${requester.user.id}` })]);
    const shown = (await approver.client.get(`/api/approvals/${cart.id}`)).json() as Cart;
    const approved = await approver.client.post(`/api/approvals/${cart.id}/approve`, { items: seen(shown).items });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({ userId: requester.user.id, placedBy: `Ray B${requester.user.id}`, approvedByName: `Sam B${approver.user.id}`, poReference: 'JOB-7', total: '80.00' });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, approved.json().id));
    expect(row).toMatchObject({ approvedByUserId: approver.user.id, companyId: c.id });

    // Approved, the PO became the order: approving again finds nothing to approve and places nothing.
    const again = await approver.client.post(`/api/approvals/${cart.id}/approve`, { items: seen(shown).items });
    expect(again.statusCode).toBe(404);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, requester.user.id))).toHaveLength(1);
    const told = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'approval_decision'));
    expect(told.filter((m) => m.toAddresses.includes(requester.user.email!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('submitted'), expect.stringContaining('approved')]),
    );
  });

  it('approval checks the seen prices: a list changed since the admin looked is a 409 and nothing is placed', async () => {
    const c = await company();
    const list = await contractList(c.id, '40.00', '38.00');
    const approver = await buyer(c.id, 'admin');
    const requester = await buyer(c.id, 'requester');
    const cart = await fill(requester.client, 2);
    expect((await requester.client.post('/api/orders/submit', seen(cart))).statusCode).toBe(200);
    const shown = (await approver.client.get(`/api/approvals/${cart.id}`)).json() as Cart;
    await ctx.db.update(priceListEntries).set({ price: '45.00' }).where(and(eq(priceListEntries.priceListId, list.id), eq(priceListEntries.minQuantity, 1)));
    const refused = await approver.client.post(`/api/approvals/${cart.id}/approve`, { items: seen(shown).items });
    expect(refused.statusCode).toBe(409);
    expect(pricesChangedBody.parse(refused.json()).priceChanges.lines[0]).toMatchObject({ oldPrice: '40.00', newPrice: '45.00' });
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, requester.user.id))).toEqual([]);
  });

  it('returned with a note: the owner sees it, edits and submits again', async () => {
    const c = await company();
    const approver = await buyer(c.id, 'admin');
    const requester = await buyer(c.id, 'requester');
    const cart = await fill(requester.client, 2);
    await requester.client.post('/api/orders/submit', seen(cart));
    expect((await approver.client.post(`/api/approvals/${cart.id}/return`, { note: '' })).statusCode).toBe(400);
    const returned = await approver.client.post(`/api/approvals/${cart.id}/return`, { note: 'Only 1 box, please' });
    expect(returned.statusCode, returned.body).toBe(200);
    const after = await active(requester.client);
    expect(after).toMatchObject({ approvalStatus: 'returned', approvalNote: 'Only 1 box, please' });
    expect((await approver.client.post(`/api/approvals/${cart.id}/return`, { note: 'again' })).statusCode).toBe(409);
    expect((await requester.client.patch(`/api/carts/${cart.id}/items/${after.items[0]!.id}`, { quantity: 1 })).statusCode).toBe(200);
    const resubmitted = await requester.client.post('/api/orders/submit', seen(await active(requester.client)));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await approver.client.get('/api/approvals')).json()).toHaveLength(1);
  });

  it('a buyer over their spending limit submits instead of placing; at or under it they place', async () => {
    const c = await company();
    await buyer(c.id, 'admin');
    const limited = await buyer(c.id, 'buyer', '85.00');
    let cart = await fill(limited.client, 3); // 3 x 42.50 = 127.50
    const refused = await limited.client.post('/api/orders', seen(cart));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPANY_PO_MESSAGES.overLimit('85.00'));
    const line = cart.items[0]!;
    await limited.client.patch(`/api/carts/${cart.id}/items/${line.id}`, { quantity: 2 }); // 85.00: at the limit
    cart = await active(limited.client);
    expect((await limited.client.post('/api/orders/submit', seen(cart))).statusCode).toBe(409);
    const placed = await limited.client.post('/api/orders', seen(cart));
    expect(placed.statusCode, placed.body).toBe(201);
    cart = await fill(limited.client, 3);
    expect((await limited.client.post('/api/orders/submit', seen(cart))).statusCode).toBe(200);
  });
});

describe('a company on hold or closed', () => {
  it('keeps its POs but places, submits and approves nothing until it is active again', async () => {
    const c = await company();
    const placer = await buyer(c.id, 'buyer');
    const approver = await buyer(c.id, 'admin');
    const requester = await buyer(c.id, 'requester');
    const submitted = await fill(requester.client, 1);
    expect((await requester.client.post('/api/orders/submit', seen(submitted, { deliveryType: 'pickup' }))).statusCode).toBe(200);

    for (const [status, message] of [['on_hold', COMPANY_PO_MESSAGES.onHold], ['closed', COMPANY_PO_MESSAGES.closed]] as const) {
      await ctx.db.update(companies).set({ status }).where(eq(companies.id, c.id));
      const cart = await fill(placer.client, 1);
      const placed = await placer.client.post('/api/orders', seen(cart, { deliveryType: 'pickup' }));
      expect(placed.statusCode, placed.body).toBe(403);
      expect(placed.json().message).toBe(message);
      const shown = (await approver.client.get(`/api/approvals/${submitted.id}`)).json() as Cart;
      const approved = await approver.client.post(`/api/approvals/${submitted.id}/approve`, { items: seen(shown).items });
      expect(approved.statusCode, approved.body).toBe(403);
      expect(approved.json().message).toBe(message);
      const other = await buyer(c.id, 'requester');
      const pending = await fill(other.client, 1);
      const refused = await other.client.post('/api/orders/submit', seen(pending, { deliveryType: 'pickup' }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(message);
      // Nothing changed: no order, the POs as they were.
      expect(await ctx.db.select().from(orders).where(eq(orders.companyId, c.id))).toHaveLength(0);
      expect((await active(placer.client)).items.length).toBeGreaterThan(0);
    }

    await ctx.db.update(companies).set({ status: 'active' }).where(eq(companies.id, c.id));
    const cart = await active(placer.client);
    const placed = await placer.client.post('/api/orders', seen(cart, { deliveryType: 'pickup' }));
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
