import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { startWebhookReceiver } from '../../../../test/webhook-receiver';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { runRetentionOnce } from '../../jobs/retention';
import { jobDb, QUEUES } from '../../lib/jobs';
import { createWebhookSender, WEBHOOK_POLICY, type DeliveryJob } from './sender';
import { verifySignature } from './signature';

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

const sender = (options: { allowPrivate?: boolean; batchSize?: number } = {}) =>
  createWebhookSender({ db: ctx.db, allowPrivate: options.allowPrivate ?? true, batchSize: options.batchSize, timeoutMs: 5_000 });

async function register(events = ['order.created', 'order.status_changed', 'stock.updated']) {
  const response = await admin.post('/api/admin/webhooks', { url: receiver.url, events, description: 'ERP' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; secret: string };
}

async function placeOrder() {
  const dealer = await createUser(ctx.db, { role: 'bold_customer' });
  const client = await new TestClient(ctx.app).signInAs(dealer);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
  const response = await client.post('/api/orders', {});
  expect(response.statusCode).toBe(201);
  return { client, order: response.json() as { id: number; username: string } };
}

const deliveriesOf = (endpointId: number) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

/** Makes every waiting delivery's job due now, as if its back-off had run out. */
const makeDue = () => ctx.db.execute(sql`update pgboss.job set start_after = now() where name = ${QUEUES.webhook} and state < 'active'`);

/** The delivery log as the admin screen reads it. */
const logOf = async (endpointId: number) =>
  (await admin.get(`/api/admin/webhooks/${endpointId}/deliveries`)).json().deliveries as { id: number; status: string; attempts: number; nextAttemptAt: string | null }[];

describe('registering endpoints', () => {
  it('answers the signing secret once; the list never shows it', async () => {
    const created = await register();
    expect(created.secret).toMatch(/^whsec_/);
    const list = await admin.get('/api/admin/webhooks');
    expect(list.json().endpoints).toEqual([expect.objectContaining({ id: created.id, url: receiver.url, status: 'active', pending: 0 })]);
    expect(list.body).not.toContain(created.secret);
  });

  it('refuses an unknown event or a bad URL and is for admins only', async () => {
    expect((await admin.post('/api/admin/webhooks', { url: receiver.url, events: ['order.deleted'] })).statusCode).toBe(400);
    expect((await admin.post('/api/admin/webhooks', { url: 'not a url', events: ['order.created'] })).statusCode).toBe(400);
    expect((await admin.post('/api/admin/webhooks', { url: 'ftp://erp.example.com/', events: ['order.created'] })).statusCode).toBe(400);
    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    expect((await sales.get('/api/admin/webhooks')).statusCode).toBe(403);
    expect(await ctx.db.select().from(webhookEndpoints)).toHaveLength(0);
  });
});

describe('delivering events', () => {
  it('queues order.created with the order and delivers it signed, with the event id', async () => {
    const endpoint = await register();
    const { order } = await placeOrder();
    // Queued in the order's transaction, before any sender ran.
    const [queued] = await deliveriesOf(endpoint.id);
    expect(queued).toMatchObject({ eventType: 'order.created', status: 'pending', attempts: 0 });
    // Its job was queued in the same transaction, due now.
    const jobs = await ctx.db.execute<{ id: string; data: { deliveryId: number } }>(sql`select id, data from pgboss.job where name = ${QUEUES.webhook}`);
    expect(jobs.rows).toEqual([{ id: queued!.jobId, data: { deliveryId: queued!.id } }]);

    expect(await sender().runOnce()).toEqual({ delivered: 1, retrying: 0, gaveUp: 0, handedBack: 0, held: 0 });
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    expect(verifySignature(endpoint.secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);
    expect(verifySignature('whsec_wrong', String(hook.headers['x-portal-signature']), hook.body)).toBe(false);
    const event = JSON.parse(hook.body);
    expect(event).toMatchObject({ id: queued!.eventId, type: 'order.created', data: { order: { id: order.id, status: 'submitted' } } });
    expect(hook.headers['x-portal-event-id']).toBe(queued!.eventId);
    expect(hook.headers['x-portal-event']).toBe('order.created');

    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
    expect(row!.lastResponseMs).toBeGreaterThanOrEqual(0);
    expect(await sender().runOnce()).toEqual({ delivered: 0, retrying: 0, gaveUp: 0, handedBack: 0, held: 0 });
  });

  it('queues nothing when the order fails, and only the events an endpoint listens to', async () => {
    const stockOnly = await register(['stock.updated']);
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    expect((await dealer.post('/api/orders', {})).statusCode).toBe(400);
    await placeOrder();
    expect(await deliveriesOf(stockOnly.id)).toHaveLength(0);
    const jobs = await ctx.db.execute(sql`select 1 from pgboss.job where name = ${QUEUES.webhook}`);
    expect(jobs.rows).toHaveLength(0);
  });

  it('sends order.status_changed and stock.updated, from a browser or a token', async () => {
    const endpoint = await register();
    const { order } = await placeOrder();
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    const { token } = await createToken(admin, ['stock:write']);
    const push = await bearer(ctx.app, token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.few.id, stockLevel: 77 }] } });
    expect(push.statusCode).toBe(200);
    await sender().runOnce();
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.status_changed', 'stock.updated']);
    expect(events[1].data).toMatchObject({ previousStatus: 'submitted', order: { id: order.id, status: 'confirmed' } });
    expect(events[2].data).toEqual({
      source: 'api',
      changedAt: expect.any(String),
      count: 1,
      truncated: false,
      items: [{ sku: CATALOGUE.few.id, stockLevel: '77' }],
    });
    expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'delivered')).toBe(true);
  });

  it('retries a refused delivery after its back-off, with the same event id', async () => {
    const endpoint = await register(['order.created']);
    await placeOrder();
    receiver.state.failNext = 1;
    expect(await sender().runOnce()).toMatchObject({ retrying: 1 });
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    // The retry is a new job, due after the first back-off step; the log shows when.
    const [logged] = await logOf(endpoint.id);
    const waitMs = new Date(logged!.nextAttemptAt!).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(WEBHOOK_POLICY.firstRetryMs - 5_000);
    expect(waitMs).toBeLessThanOrEqual(WEBHOOK_POLICY.firstRetryMs + 1_000);
    // Not due yet: nothing is sent.
    expect(await sender().runOnce()).toMatchObject({ delivered: 0, retrying: 0 });

    await makeDue();
    expect(await sender().runOnce()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['x-portal-event-id']).toBe(failed!.eventId);
    const [endpointRow] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(endpointRow!.consecutiveFailures).toBe(0);
  });

  it('gives up after the last attempt and sends again on Resend', async () => {
    const endpoint = await register(['order.created']);
    await placeOrder();
    await ctx.db.update(webhookDeliveries).set({ attempts: WEBHOOK_POLICY.maxAttempts - 1 });
    receiver.state.failNext = 1;
    expect(await sender().runOnce()).toMatchObject({ gaveUp: 1 });
    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.status).toBe('failed');

    const log = (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries).toEqual([expect.objectContaining({ id: row!.id, status: 'failed', lastStatusCode: 500, attempts: WEBHOOK_POLICY.maxAttempts })]);
    const resent = await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${row!.id}/resend`);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await sender().runOnce()).toMatchObject({ delivered: 1 });
    expect((await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/999999/resend`)).statusCode).toBe(404);
  });

  it('pauses an endpoint that keeps failing; its events wait and go out when it is resumed', async () => {
    const endpoint = await register(['order.created']);
    await ctx.db.update(webhookEndpoints).set({ consecutiveFailures: WEBHOOK_POLICY.pauseAfterFailures - 1 });
    await placeOrder();
    receiver.state.failNext = 1;
    await sender().runOnce();
    const listed = (await admin.get('/api/admin/webhooks')).json().endpoints[0];
    expect(listed).toMatchObject({ status: 'paused', pending: 1 });
    expect(listed.pausedReason).toContain(`Paused after ${WEBHOOK_POLICY.pauseAfterFailures} failed attempts in a row`);

    await placeOrder();
    await makeDue();
    expect(await sender().runOnce()).toMatchObject({ delivered: 0, retrying: 0 });
    expect(receiver.received).toHaveLength(0);

    const resumed = await admin.patch(`/api/admin/webhooks/${endpoint.id}`, { status: 'active' });
    expect(resumed.json()).toMatchObject({ status: 'active', consecutiveFailures: 0, pausedReason: null });
    expect(await sender().runOnce()).toMatchObject({ delivered: 2 });
  });

  it('refuses a loopback target at delivery time unless private targets are allowed', async () => {
    const endpoint = await register(['order.created']);
    await placeOrder();
    expect(await sender({ allowPrivate: false }).runOnce()).toMatchObject({ retrying: 1 });
    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.lastError).toMatch(/^Refused/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('stopping and crashing senders', () => {
  it('stopped mid-batch: loses nothing and sends no event id twice', async () => {
    const endpoint = await register(['order.created']);
    for (let i = 0; i < 6; i += 1) await placeOrder();
    receiver.state.delayMs = 50;
    const first = sender();
    // Stop the sender while it waits for the ERP's answer to the second delivery.
    receiver.state.onRequest = () => {
      if (receiver.received.length === 2) first.stop();
    };
    const run = await first.runOnce();
    expect(run.delivered).toBe(2);
    expect(run.handedBack).toBe(4);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.filter((r) => r.status === 'delivered')).toHaveLength(2);
    // Handed back: a new job each, due now, and the unsent ones have no attempt counted.
    const waiting = (await logOf(endpoint.id)).filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(4);
    expect(waiting.every((r) => r.attempts === 0 && new Date(r.nextAttemptAt!).getTime() <= Date.now())).toBe(true);

    receiver.state.onRequest = undefined;
    expect(await sender().runOnce()).toMatchObject({ delivered: 4 });
    const ids = receiver.received.map((r) => r.headers['x-portal-event-id']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.eventId)));
  });

  it('a sender that dies holding jobs: once their expiry has passed, pg-boss gives them to another, which delivers every event once', async () => {
    const endpoint = await register(['order.created']);
    for (let i = 0; i < 3; i += 1) await placeOrder();
    // A sender takes the jobs and dies: it neither completes nor fails them.
    const dead = new PgBoss({ db: jobDb(ctx.db) });
    expect(await dead.fetch(QUEUES.webhook, { batchSize: 10 })).toHaveLength(3);
    expect(await sender().runOnce()).toMatchObject({ delivered: 0 });
    // The expiry is 5 minutes and pg-boss's retry 30 s later in production (migration 0033); shortened here,
    // then pg-boss's maintenance (every server runs it) expires them.
    await ctx.db.execute(sql`update pgboss.job set expire_in = interval '1 second', retry_delay = 0 where name = ${QUEUES.webhook}`);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await dead.expire();
    expect(await sender().runOnce()).toMatchObject({ delivered: 3 });
    expect(new Set(receiver.received.map((r) => r.headers['x-portal-event-id'])).size).toBe(3);
    expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('two senders at once never take the same delivery', async () => {
    await register(['order.created']);
    for (let i = 0; i < 8; i += 1) await placeOrder();
    receiver.state.delayMs = 20;
    const results = await Promise.all([sender({ batchSize: 5 }).runOnce(), sender({ batchSize: 5 }).runOnce()]);
    expect(results[0]!.delivered + results[1]!.delivered).toBe(8);
    const ids = receiver.received.map((r) => r.headers['x-portal-event-id']);
    expect(new Set(ids).size).toBe(8);
  });
});

describe('the running sender', () => {
  it('delivers in the background as a pg-boss worker; retention keeps delivered rows 30 days', async () => {
    const endpoint = await register(['order.created']);
    await placeOrder();
    await placeOrder();
    // One delivered long ago, one that failed long ago: only the delivered one is pruned.
    const [old, failed] = await deliveriesOf(endpoint.id);
    await ctx.db.update(webhookDeliveries).set({ status: 'delivered', jobId: null, createdAt: sql`now() - interval '40 days'` }).where(eq(webhookDeliveries.id, old!.id));
    await ctx.db.update(webhookDeliveries).set({ status: 'failed', jobId: null, createdAt: sql`now() - interval '40 days'` }).where(eq(webhookDeliveries.id, failed!.id));
    expect((await runRetentionOnce(ctx.db, { activityDays: 0, sentEmailDays: 0, deliveredWebhookDays: 30 })).webhookDeliveries).toBe(1);
    await placeOrder();
    // A server's pg-boss over this file's database, working the queue as jobs/runner.ts does.
    const boss = new PgBoss({ db: jobDb(ctx.db) });
    await boss.start();
    const worker = sender();
    await boss.work<DeliveryJob['data']>(QUEUES.webhook, { pollingIntervalSeconds: 0.5 }, (jobs) => worker.deliverAll(jobs));
    try {
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      worker.stop();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    }
    const ids = (await deliveriesOf(endpoint.id)).map((d) => [d.id, d.status]);
    expect(ids).toEqual([
      [failed!.id, 'failed'],
      [expect.any(Number), 'delivered'],
    ]);
  });
});
