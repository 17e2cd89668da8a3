import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_OVERLAP_HOURS } from '@common/contracts/integrations';
import { webhookEnvelope, WEBHOOK_EVENT_SKU_LIMIT, type DeliveredEvent } from '@common/contracts/webhook-events';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, productColumns } from '../../../../test/cart-fixtures';
import { signedInAdmin } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { startWebhookReceiver, type ReceivedHook } from '../../../../test/webhook-receiver';
import { products, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { jobDb, QUEUES } from '../../lib/jobs';
import { enqueueEvent } from './repository';
import { createWebhookSender, WEBHOOK_POLICY, type DeliveryJob } from './sender';
import { verifySignature } from './signature';

/**
 * Deliveries signed per Standard Webhooks (checked with the `standardwebhooks`
 * library a receiver would use), the test event, secret rotation, product and stock
 * events, and the pause honoured by attempts already claimed. ADR 0184.
 */
const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let admin: TestClient;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  receiver = await startWebhookReceiver();
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});
afterAll(async () => receiver.close());
beforeEach(async () => {
  await ctx.db.delete(webhookEndpoints);
  await ctx.db.execute(sql`delete from pgboss.job where name = ${QUEUES.webhook}`);
  receiver.received.length = 0;
  Object.assign(receiver.state, { failNext: 0, alwaysFail: false, delayMs: 0, attempts: 0, onRequest: undefined });
});

const sender = (batchSize?: number) => createWebhookSender({ db: ctx.db, allowPrivate: true, batchSize, timeoutMs: 5_000 });

async function register(events: string[] = ['order.created']) {
  const response = await admin.post('/api/admin/webhooks', { url: receiver.url, events });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** What a receiver does with the standard library: throws unless a signature matches. */
const verifyStandard = (secret: string, hook: ReceivedHook) => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);

/** The body is exactly its event's documented payload: parsing with the contract drops or changes nothing. */
function expectDocumented(hook: ReceivedHook) {
  const event = JSON.parse(hook.body) as { type: DeliveredEvent };
  expect(webhookEnvelope(event.type).parse(event)).toEqual(event);
  return event as { id: string; type: DeliveredEvent; data: Record<string, unknown> };
}

async function placeOrder() {
  const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
  const cart = await activeCart(dealer);
  await dealer.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
  expect((await dealer.post('/api/orders', {})).statusCode).toBe(201);
}

const endpointRow = async (id: number) => (await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const deliveriesOf = (endpointId: number) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

/** Queues `n` events straight into the outbox, as publishers do, without placing orders. */
async function queue(n: number) {
  for (let i = 0; i < n; i += 1) {
    await enqueueEvent(ctx.db, { id: crypto.randomUUID(), type: 'order.created', body: JSON.stringify({ n: i }) });
  }
}

describe('Standard Webhooks signatures', () => {
  it('a real delivery verifies with the standardwebhooks library, and the deprecated header still verifies', async () => {
    const endpoint = await register();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await placeOrder();
    expect(await sender().runOnce()).toMatchObject({ delivered: 1 });
    const hook = receiver.received[0]!;
    const event = expectDocumented(hook);
    expect(verifyStandard(endpoint.secret, hook)).toEqual(event);
    expect(hook.headers['webhook-id']).toBe(event.id);
    expect(Number(hook.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(hook.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() => verifyStandard(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hook)).toThrow('No matching signature found');
    // The body a man in the middle changed does not verify.
    expect(() => verifyStandard(endpoint.secret, { ...hook, body: hook.body.replace('order.created', 'order.createe') })).toThrow();
    // For one more version, the portal's own header beside the standard ones (ADR 0184).
    expect(verifySignature(endpoint.secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);
    expect(hook.headers['x-portal-event-id']).toBe(event.id);
  });

  it('an endpoint made before Standard Webhooks (base64url secret) signs with the same key bytes', async () => {
    const endpoint = await register();
    const old = `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`;
    await ctx.db.update(webhookEndpoints).set({ secret: old }).where(eq(webhookEndpoints.id, endpoint.id));
    await placeOrder();
    await sender().runOnce();
    const hook = receiver.received[0]!;
    // The receiver converts the secret once (docs/integrations.md), or rotates it.
    expect(verifyStandard(`whsec_${Buffer.from(old.slice(6), 'base64url').toString('base64')}`, hook)).toBeTruthy();
    expect(verifySignature(old, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);
  });
});

describe('Send test event', () => {
  it('sends a signed ping to that endpoint only, through the delivery log, and says what it answered', async () => {
    const endpoint = await register(['stock.updated']);
    const other = await register(['order.created']);
    const response = await admin.post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ delivered: true, delivery: { eventType: 'ping', status: 'delivered', attempts: 1, nextAttemptAt: null, lastStatusCode: 200 } });
    expect(result.message).toMatch(/^The endpoint answered HTTP 200 in \d+ ms\.$/);

    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    const event = expectDocumented(hook);
    expect(event).toMatchObject({ type: 'ping', id: result.delivery.eventId, data: { endpointId: endpoint.id } });
    expect(verifyStandard(endpoint.secret, hook)).toEqual(event);
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    const log = (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries).toEqual([expect.objectContaining({ eventType: 'ping', status: 'delivered' })]);
  });

  it('a failing receiver: the answer says so, and the ping is retried like any event', async () => {
    const endpoint = await register();
    receiver.state.alwaysFail = true;
    const result = (await admin.post(`/api/admin/webhooks/${endpoint.id}/test`)).json();
    expect(result).toMatchObject({ delivered: false, delivery: { status: 'pending', attempts: 1, lastStatusCode: 500 } });
    expect(result.message).toMatch(/^The endpoint answered HTTP 500 in \d+ ms\. The test event is retried like any event; see the delivery log\.$/);
    expect((await endpointRow(endpoint.id)).consecutiveFailures).toBe(1);
  });

  it('refuses a paused endpoint, an unknown one, and anyone but an admin', async () => {
    const endpoint = await register();
    await admin.patch(`/api/admin/webhooks/${endpoint.id}`, { status: 'paused' });
    const paused = await admin.post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('This endpoint is paused. Resume it to send a test event.');
    expect((await admin.post('/api/admin/webhooks/999999/test')).statusCode).toBe(404);
    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    expect((await sales.post(`/api/admin/webhooks/${endpoint.id}/test`)).statusCode).toBe(403);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    expect(receiver.state.attempts).toBe(0);
  });
});

describe('secret rotation', () => {
  it('signs with the new and the old secret during the window, then with the new one only', async () => {
    const endpoint = await register();
    const rotated = await admin.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    const windowMs = new Date(previousSecretExpiresAt).getTime() - Date.now();
    expect(Math.abs(windowMs - WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000)).toBeLessThan(60_000);
    const list = await admin.get('/api/admin/webhooks');
    expect(list.body).not.toContain(secret);
    expect(list.json().endpoints[0].previousSecretExpiresAt).toBe(previousSecretExpiresAt);

    await placeOrder();
    await sender().runOnce();
    let hook = receiver.received[0]!;
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyStandard(secret, hook)).toBeTruthy();
    expect(verifyStandard(endpoint.secret, hook)).toBeTruthy();
    expect(verifySignature(secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);
    expect(verifySignature(endpoint.secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);

    // The window ends: the old secret signs nothing more.
    await ctx.db.update(webhookEndpoints).set({ previousSecretExpiresAt: sql`now() - interval '1 second'` });
    expect((await admin.get('/api/admin/webhooks')).json().endpoints[0].previousSecretExpiresAt).toBeNull();
    await placeOrder();
    await sender().runOnce();
    hook = receiver.received[1]!;
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyStandard(secret, hook)).toBeTruthy();
    expect(() => verifyStandard(endpoint.secret, hook)).toThrow('No matching signature found');
    expect(verifySignature(endpoint.secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(false);
  });

  it('rotating twice within the window keeps only the last two secrets; unknown endpoints are 404', async () => {
    const endpoint = await register();
    const second = (await admin.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`)).json().secret as string;
    const third = (await admin.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`)).json().secret as string;
    await placeOrder();
    await sender().runOnce();
    const hook = receiver.received[0]!;
    expect(verifyStandard(third, hook)).toBeTruthy();
    expect(verifyStandard(second, hook)).toBeTruthy();
    expect(() => verifyStandard(endpoint.secret, hook)).toThrow();
    expect((await admin.post('/api/admin/webhooks/999999/rotate-secret')).statusCode).toBe(404);
  });
});

describe('the pause is honoured by attempts already claimed', () => {
  it('a receiver that always fails gets exactly 10 attempts; the rest of the claimed batch stays unsent', async () => {
    const endpoint = await register();
    receiver.state.alwaysFail = true;
    await queue(15);
    // One batch claims all 15 before the first request goes out.
    expect(await sender(20).runOnce()).toEqual({ delivered: 0, retrying: 10, gaveUp: 0, handedBack: 0, held: 5 });
    expect(receiver.state.attempts).toBe(WEBHOOK_POLICY.pauseAfterFailures);
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ status: 'paused', consecutiveFailures: 10 });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.filter((d) => d.attempts === 1)).toHaveLength(10);
    // The held ones: no attempt counted, waiting for Resume.
    expect(rows.filter((d) => d.attempts === 0 && d.status === 'pending' && d.lastError === null)).toHaveLength(5);
    // The held ones have no job; the failed ones' retries, made due now, are held too: nothing goes out.
    expect((await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).filter((d) => d.jobId !== null)).toHaveLength(10);
    await ctx.db.execute(sql`update pgboss.job set start_after = now() where name = ${QUEUES.webhook} and state < 'active'`);
    expect(await sender(20).runOnce()).toMatchObject({ retrying: 0, held: 10 });
    expect(receiver.state.attempts).toBe(10);
    // Resume sends what waited: all 15 once the receiver answers.
    receiver.state.alwaysFail = false;
    await admin.patch(`/api/admin/webhooks/${endpoint.id}`, { status: 'active' });
    expect(await sender(20).runOnce()).toMatchObject({ delivered: 15 });
  });

  it('two senders at once, each with a claimed batch: no attempt after the pausing one', async () => {
    const endpoint = await register();
    receiver.state.alwaysFail = true;
    receiver.state.delayMs = 100;
    await ctx.db.update(webhookEndpoints).set({ consecutiveFailures: WEBHOOK_POLICY.pauseAfterFailures - 2 });
    await queue(10);
    const [a, b] = await Promise.all([sender(5).runOnce(), sender(5).runOnce()]);
    expect(a!.retrying + b!.retrying).toBe(2);
    expect(a!.held + b!.held).toBe(8);
    expect(receiver.state.attempts).toBe(2);
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'paused', consecutiveFailures: 10 });
  });

  it('an admin pauses while a sender holds fetched jobs: none of them goes out', async () => {
    const endpoint = await register();
    await queue(3);
    const fetched = await new PgBoss({ db: jobDb(ctx.db) }).fetch<DeliveryJob['data']>(QUEUES.webhook, { batchSize: 10 });
    expect(fetched).toHaveLength(3);
    expect((await admin.patch(`/api/admin/webhooks/${endpoint.id}`, { status: 'paused' })).statusCode).toBe(200);
    expect(await sender().deliverAll(fetched)).toMatchObject({ held: 3, delivered: 0 });
    expect(receiver.state.attempts).toBe(0);
    await admin.patch(`/api/admin/webhooks/${endpoint.id}`, { status: 'active' });
    expect(await sender().runOnce()).toMatchObject({ delivered: 3 });
  });
});

describe('finished deliveries are not due again', () => {
  it('delivered and given-up rows have no job and no next attempt, in the table, in pg-boss and in the log', async () => {
    const endpoint = await register();
    await queue(2);
    await ctx.db.update(webhookDeliveries).set({ attempts: WEBHOOK_POLICY.maxAttempts - 1 });
    receiver.state.failNext = 1;
    expect(await sender().runOnce()).toMatchObject({ gaveUp: 1, delivered: 1 });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => [r.status, r.jobId])).toEqual(
      expect.arrayContaining([
        ['failed', null],
        ['delivered', null],
      ]),
    );
    const log = (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries.map((d: { nextAttemptAt: string | null }) => d.nextAttemptAt)).toEqual([null, null]);
    const waiting = await ctx.db.execute(sql`select 1 from pgboss.job where name = ${QUEUES.webhook} and state < 'active'`);
    expect(waiting.rows).toHaveLength(0);
  });
});

describe('stock.updated and product.updated', () => {
  const uploadCsv = (csv: string, query = '') =>
    admin.request({ method: 'POST', url: `/api/stock/upload${query}`, ...multipartBody([{ filename: 'stock.csv', content: csv }]) });
  const received = () => receiver.received.map(expectDocumented);

  it('an upload sends one stock.updated for level changes and one product.updated for the rest', async () => {
    await register(['stock.updated', 'product.updated']);
    // Its level as it is now: earlier orders in this file took boxes of it (docs/decisions/0207).
    const [plenty] = await ctx.db.select(productColumns).from(products).where(eq(products.id, CATALOGUE.plenty.id));
    const csv = [
      'id,name,stockLevel',
      `${CATALOGUE.plenty.id},Calacatta 12x24 White Polished Renamed,${plenty!.stockLevel}`,
      `${CATALOGUE.few.id},${CATALOGUE.few.name},9`,
      '5001,New Hexagon Tile,30',
    ].join('\n');
    expect((await uploadCsv(csv)).statusCode).toBe(200);
    await sender().runOnce();
    const events = received();
    expect(events.map((e) => e.type).sort()).toEqual(['product.updated', 'stock.updated']);
    const stock = events.find((e) => e.type === 'stock.updated')!.data;
    expect(stock).toMatchObject({
      source: 'csv',
      filename: 'stock.csv',
      count: 2,
      truncated: false,
      items: [
        { sku: CATALOGUE.few.id, stockLevel: '9' },
        { sku: 5001, stockLevel: '30' },
      ],
    });
    expect(events.find((e) => e.type === 'product.updated')!.data).toMatchObject({
      source: 'csv',
      count: 2,
      truncated: false,
      products: [
        { sku: CATALOGUE.plenty.id, change: 'updated' },
        { sku: 5001, change: 'created' },
      ],
    });

    // The same file again changes nothing and sends nothing.
    receiver.received.length = 0;
    expect((await uploadCsv(csv)).statusCode).toBe(200);
    expect(await sender().runOnce()).toMatchObject({ delivered: 0 });
  });

  it('1,200 new products: one event of each kind per endpoint, 1,000 SKUs listed and the count of all', async () => {
    const first = await register(['stock.updated', 'product.updated']);
    const second = await register(['stock.updated']);
    const rows = Array.from({ length: 1200 }, (_, i) => `${20_000 + i},Bulk tile ${i},${i % 50}`);
    expect((await uploadCsv(['id,name,stockLevel', ...rows].join('\n'))).statusCode).toBe(200);
    expect(await deliveriesOf(first.id)).toHaveLength(2);
    expect(await deliveriesOf(second.id)).toHaveLength(1);
    await sender().runOnce();
    const events = received();
    expect(events).toHaveLength(3);
    for (const event of events) {
      const listed = (event.data.items ?? event.data.products) as { sku: number }[];
      expect(listed).toHaveLength(WEBHOOK_EVENT_SKU_LIMIT);
      expect(listed[0]!.sku).toBe(20_000);
      expect(event.data).toMatchObject({ count: 1200, truncated: true });
    }
  });

  it('product.updated can be subscribed to on its own', async () => {
    const endpoint = await register(['product.updated']);
    expect((await admin.get('/api/admin/webhooks')).json().endpoints[0].events).toEqual(['product.updated']);
    expect((await uploadCsv(`id,stockLevel\n${CATALOGUE.few.id},11\n`)).statusCode).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
  });
});
