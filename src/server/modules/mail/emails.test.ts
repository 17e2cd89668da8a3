import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { signedInAdmin } from '../../../../test/integrations';
import { mailHeader, startSmtp } from '../../../../test/smtp-server';
import type { EmailsResponse, EmailView } from '@common/contracts/emails';
import { EMAIL_MESSAGES, EMAILS_PAGE_SIZE } from '@common/domain/email-status';
import { activityLogs, emailOutbox } from '../../db/schema';
import { createOutboxSender, OUTBOX_POLICY, smtpTransport } from '../../jobs/outbox-sender';
import { createMailOutbox, EMAIL_KIND_NAMES, type EmailKind } from '.';

/** Nothing listens on port 1: SMTP_URL points at a closed port, so every delivery is refused. */
const CLOSED_SMTP_URL = 'smtp://127.0.0.1:1';
const ctx = useTestApp({ SMTP_URL: CLOSED_SMTP_URL, ORDER_EMAIL_FROM: 'orders@bold.test', ORDER_EMAIL_TO: 'desk@bold.test' });
/** The same portal without SMTP_URL. */
const unconfigured = useTestApp();

const smtp = startSmtp();
let workingSmtpUrl = '';
let admin: TestClient;

beforeAll(async () => {
  workingSmtpUrl = await smtp.listen();
  await insertCatalogue(ctx.db);
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});
afterAll(async () => smtp.close());
beforeEach(async () => {
  await ctx.db.delete(emailOutbox);
  smtp.received.length = 0;
});

async function placeOrder() {
  const dealer = await createUser(ctx.db, { role: 'bold_customer', email: 'buyer@dealer.test' });
  const client = await new TestClient(ctx.app).signInAs(dealer);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
  const response = await client.post('/api/orders', {});
  expect(response.statusCode).toBe(201);
  return { client, order: response.json() as { id: number } };
}

const list = async (query = '') => {
  const response = await admin.get(`/api/admin/emails${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as EmailsResponse;
};
const orderEmailStatus = async (client: TestClient, orderId: number) => (await client.get(`/api/orders/${orderId}`)).json().emailStatus;
const listedEmailStatus = async (orderId: number) =>
  ((await admin.get('/api/orders')).json().orders as { id: number; emailStatus?: string }[]).find((o) => o.id === orderId)?.emailStatus;

describe('email outbox screen', () => {
  it('shows a failed confirmation with its error, and Resend delivers it to a working SMTP server', async () => {
    const { client: dealer, order } = await placeOrder();
    expect(await orderEmailStatus(admin, order.id)).toBe('pending');
    // The status is for admins; the dealer's own view of the order does not carry it.
    expect(await orderEmailStatus(dealer, order.id)).toBeUndefined();

    // Delivery to SMTP_URL (a closed port) fails; the last allowed attempt marks it failed (ADR 0044).
    await ctx.db.update(emailOutbox).set({ attempts: OUTBOX_POLICY.maxAttempts - 1 });
    const failing = createOutboxSender({ db: ctx.db, transport: smtpTransport(ctx.config.SMTP_URL!) });
    expect(await failing.runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 1 });

    const failed = await list('?status=failed');
    expect(failed).toMatchObject({ total: 1, smtpConfigured: true });
    const email = failed.emails[0]!;
    expect(email).toMatchObject({
      kind: 'order_confirmation',
      status: 'failed',
      attempts: OUTBOX_POLICY.maxAttempts,
      to: ['desk@bold.test'],
      cc: ['buyer@dealer.test'],
      subject: expect.stringMatching(new RegExp(`^Purchase Order #${order.id} from `)),
      reference: `order:${order.id}`,
      sentAt: null,
    });
    expect(email.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    expect(await orderEmailStatus(admin, order.id)).toBe('failed');
    expect(await listedEmailStatus(order.id)).toBe('failed');

    const resent = await admin.post(`/api/admin/emails/${email.id}/resend`, {});
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: email.id, status: 'pending', attempts: 0, lastError: email.lastError });
    expect(await orderEmailStatus(admin, order.id)).toBe('pending');
    const [audit] = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'email_resent'));
    expect(audit).toMatchObject({ description: expect.stringContaining(email.subject), metadata: expect.objectContaining({ emailId: email.id, lastError: email.lastError }) });
    // Waiting again, it cannot be resent twice.
    const again = await admin.post(`/api/admin/emails/${email.id}/resend`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMAIL_MESSAGES.onlyFailed);

    // Now SMTP works: the existing sender delivers the resent email.
    const working = createOutboxSender({ db: ctx.db, transport: smtpTransport(workingSmtpUrl) });
    expect(await working.runOnce()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(mailHeader(smtp.received[0]!.raw, 'Subject')).toBe(email.subject);
    expect(smtp.received[0]!.recipients.sort()).toEqual(['buyer@dealer.test', 'desk@bold.test']);

    const sent = await list('?status=sent');
    expect(sent.emails).toEqual([expect.objectContaining({ id: email.id, status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(String) })]);
    expect(await list('?status=failed')).toMatchObject({ total: 0, emails: [] });
    expect(await orderEmailStatus(admin, order.id)).toBe('sent');
    expect(await listedEmailStatus(order.id)).toBe('sent');
  });

  it('lists welcome emails too, newest first, paged on the server and filtered by status', async () => {
    const created = await admin.post('/api/users', { username: 'newcomer', password: 'Tilework12', role: 'salesperson', email: 'newcomer@bold.test' });
    expect(created.statusCode).toBe(200);
    const outbox = createMailOutbox(ctx.db);
    for (let i = 0; i < EMAILS_PAGE_SIZE + 4; i += 1) {
      await outbox.enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject: `Message ${i}`, text: 'Body' });
    }
    await ctx.db.update(emailOutbox).set({ status: 'failed', lastError: '451: Mailbox busy' }).where(eq(emailOutbox.subject, 'Message 3'));

    const first = await list();
    expect(first).toMatchObject({ total: EMAILS_PAGE_SIZE + 5, page: 1, pageSize: EMAILS_PAGE_SIZE });
    expect(first.emails).toHaveLength(EMAILS_PAGE_SIZE);
    expect(first.emails[0]!.subject).toBe(`Message ${EMAILS_PAGE_SIZE + 3}`);
    const second = await list('?page=2');
    expect(second.emails.map((e) => e.subject)).toEqual(['Message 3', 'Message 2', 'Message 1', 'Message 0', 'Your BOLD portal account']);
    const welcome = second.emails.at(-1)!;
    expect(welcome).toMatchObject({ kind: 'welcome', to: ['newcomer@bold.test'], status: 'pending', reference: `user:${created.json().id}` });

    const failed = await list('?status=failed');
    expect(failed.emails.map((e: EmailView) => [e.subject, e.lastError])).toEqual([['Message 3', '451: Mailbox busy']]);
    expect((await list('?status=')).total).toBe(EMAILS_PAGE_SIZE + 5);
  });

  it('names every kind in words, never its code: one table beside the templates (docs/decisions/0212)', async () => {
    const outbox = createMailOutbox(ctx.db);
    for (const kind of Object.keys(EMAIL_KIND_NAMES) as EmailKind[]) {
      await outbox.enqueue({ kind, from: 'a@bold.test', to: ['b@bold.test'], subject: `A ${kind} email`, text: 'Body' });
    }
    // A kind stored by an older release, which no template queues any more.
    await ctx.db.insert(emailOutbox).values({ kind: 'price_list_ready', fromAddress: 'a@bold.test', toAddresses: ['b@bold.test'], subject: 'Old', textBody: 'Body' });
    const names = Object.fromEntries((await list()).emails.map((e) => [e.kind, e.kindName]));
    expect(names).toMatchObject({
      order_confirmation: 'Order confirmation',
      stock_arrival: 'Stock arrived (notify me)',
      welcome: 'Welcome (new account)',
      price_list_ready: 'Price list ready',
    });
    for (const name of Object.values(names)) expect(name).not.toMatch(/_/);
  });

  it('refuses a bad filter or page with a message, and an unknown or waiting email with 404 and 409', async () => {
    const badStatus = await admin.get('/api/admin/emails?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toContain('Status must be pending, sent or failed');
    expect((await admin.get('/api/admin/emails?page=0')).statusCode).toBe(400);

    const missing = await admin.post('/api/admin/emails/999999/resend', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(EMAIL_MESSAGES.notFound);
    expect((await admin.post('/api/admin/emails/abc/resend', {})).statusCode).toBe(400);

    const id = await createMailOutbox(ctx.db).enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject: 'Waiting', text: 'Body' });
    expect((await admin.post(`/api/admin/emails/${id}/resend`, {})).statusCode).toBe(409);
    expect(await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'email_resent'))).toHaveLength(1);
  });

  it('is for admins only: others get 403 and change nothing, signed out gets 401', async () => {
    const id = await createMailOutbox(ctx.db).enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject: 'Private', text: 'Body' });
    await ctx.db.update(emailOutbox).set({ status: 'failed', lastError: 'refused' }).where(eq(emailOutbox.id, id));

    const salesperson = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    // An admin acting as a salesperson has a salesperson's rights for the session.
    const actingAdmin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'salesperson');
    for (const client of [salesperson, dealer, actingAdmin]) {
      expect((await client.get('/api/admin/emails')).statusCode).toBe(403);
      expect((await client.post(`/api/admin/emails/${id}/resend`, {})).statusCode).toBe(403);
    }
    const signedOut = new TestClient(ctx.app);
    expect((await signedOut.get('/api/admin/emails')).statusCode).toBe(401);
    expect((await signedOut.post(`/api/admin/emails/${id}/resend`, {})).statusCode).toBe(401);

    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'refused' });
  });

  it('says when SMTP_URL is not set', async () => {
    const { client } = await signedInAdmin(unconfigured.app, unconfigured.db);
    const response = await client.get('/api/admin/emails');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ smtpConfigured: false, emails: [], total: 0 });
  });
});
