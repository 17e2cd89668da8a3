import { MAX_NOTIFY_REQUESTS, NOTIFY_MESSAGES } from '@common/contracts/lots';
import { NOTIFY_REQUESTS_PAGE_SIZE } from '@common/contracts/notify-requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put, withStock } from '../../../../test/cart-fixtures';
import { confirmToken, decodedText } from '../../../../test/mail-text';
import { startSmtp } from '../../../../test/smtp-server';
import { emailOutbox, products, stockNotifyRequests } from '../../db/schema';
import { createOutboxSender, smtpTransport } from '../../jobs/outbox-sender';

/* "Notify me" (docs/decisions/0203): capped per user, one digest per user per arrival, at the confirmed address. */

const ctx = useTestApp();
const smtp = startSmtp();
let smtpUrl = '';

/** The 278 out-of-stock SKUs of the report. */
const FIRST = 70_001;
const OUT_OF_STOCK = Array.from({ length: 278 }, (_, i) => ({ id: FIRST + i, name: `Sold-out Tile ${i + 1}`, stockLevel: '0', price: '10.00', soldBy: 'Box' }));
/** Each later test restocks SKUs of its own, so no test sees another's arrivals. */
const MORE = Array.from({ length: 10 }, (_, i) => ({ id: 71_001 + i, name: `Sold-out Mosaic ${i + 1}`, stockLevel: '0', price: '10.00', soldBy: 'Box' }));

let admin: TestClient;

beforeAll(async () => {
  smtpUrl = await smtp.listen();
  await ctx.db.insert(products).values([...OUT_OF_STOCK, ...MORE].map(withStock));
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
});
afterAll(async () => smtp.close());
beforeEach(async () => {
  await ctx.db.delete(stockNotifyRequests);
  await ctx.db.delete(emailOutbox);
  smtp.received.length = 0;
});

async function dealer(email: string) {
  const user = await createUser(ctx.db, { role: 'bold_customer', email });
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

const arrivals = () => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock_arrival'));
const requestsOf = (userId: number) => ctx.db.select().from(stockNotifyRequests).where(eq(stockNotifyRequests.userId, userId));

/** One restock: one lots PUT for these SKUs (the lots module sends what is due after it commits). */
async function restock(ids: readonly number[]) {
  const response = await put(admin, '/api/stock/lots', { items: ids.map((sku) => ({ sku, lots: [{ lot: 'R1', quantity: 20 }] })) });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliver() {
  await createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl), batchSize: 100 }).runOnce();
  return smtp.received;
}

describe('at most 50 open requests per user', () => {
  it('asking for all 278 out-of-stock SKUs: the first 50 are kept, every one past them is a 400 naming the limit', async () => {
    const { user, client } = await dealer('buyer.cap@dealer.test');
    const statuses: number[] = [];
    for (const product of OUT_OF_STOCK) {
      const response = await put(client, `/api/products/${product.id}/notify`, {});
      statuses.push(response.statusCode);
      if (response.statusCode !== 200) expect(response.json().message).toBe(NOTIFY_MESSAGES.limit);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_NOTIFY_REQUESTS);
    expect(statuses.slice(MAX_NOTIFY_REQUESTS).every((s) => s === 400)).toBe(true);
    expect(NOTIFY_MESSAGES.limit).toContain('at most 50 items');
    expect(await requestsOf(user.id)).toHaveLength(MAX_NOTIFY_REQUESTS);
    // Asking again for one already requested is not a 51st; cancelling one makes room for another.
    expect((await put(client, `/api/products/${FIRST}/notify`, {})).statusCode).toBe(200);
    expect((await client.delete(`/api/products/${FIRST}/notify`)).statusCode).toBe(200);
    expect((await put(client, `/api/products/${FIRST + 100}/notify`, {})).statusCode).toBe(200);
    expect(await requestsOf(user.id)).toHaveLength(MAX_NOTIFY_REQUESTS);
  });

  it('holds when 60 requests arrive at once', async () => {
    const { user, client } = await dealer('buyer.race@dealer.test');
    const answers = await Promise.all(OUT_OF_STOCK.slice(0, 60).map((p) => put(client, `/api/products/${p.id}/notify`, {})));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX_NOTIFY_REQUESTS);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(10);
    expect(await requestsOf(user.id)).toHaveLength(MAX_NOTIFY_REQUESTS);
  });
});

describe('one digest per user per arrival', () => {
  it('50 requested SKUs coming back in one restock are one email listing all 50', async () => {
    const { user, client } = await dealer('buyer.digest@dealer.test');
    const other = await dealer('other.digest@dealer.test');
    const wanted = OUT_OF_STOCK.slice(0, MAX_NOTIFY_REQUESTS);
    for (const p of wanted) expect((await put(client, `/api/products/${p.id}/notify`, {})).statusCode).toBe(200);
    await put(other.client, `/api/products/${FIRST}/notify`, {});
    await restock(OUT_OF_STOCK.map((p) => p.id));
    await expect.poll(async () => (await arrivals()).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await arrivals()).toHaveLength(2);
    // Ended: marked sent (the admins' list shows them, docs/decisions/0214), no longer open.
    const ended = await requestsOf(user.id);
    expect(ended).toHaveLength(MAX_NOTIFY_REQUESTS);
    expect(ended.every((r) => r.sentAt !== null)).toBe(true);
    expect((await client.get(`/api/products/${wanted[0]!.id}/availability`)).json().notifyRequested).toBe(false);

    const received = await deliver();
    const mine = received.filter((m) => m.recipients.includes('buyer.digest@dealer.test'));
    expect(mine).toHaveLength(1);
    const text = decodedText(mine[0]!.raw);
    expect(text).toContain('Back in stock: 50 items you asked about');
    for (const p of wanted) expect(text).toContain(`${p.name} (SKU ${p.id}): 20 on hand`);
    expect(text).not.toContain(`SKU ${FIRST + MAX_NOTIFY_REQUESTS})`);
    expect(received.filter((m) => m.recipients.includes('other.digest@dealer.test'))).toHaveLength(1);
  });
});

describe('mail goes to the confirmed address at send time', () => {
  it('a pending change gets nothing; once confirmed, the next arrival goes to the new address', async () => {
    const { user, client } = await dealer('confirmed@dealer.test');
    expect((await put(client, `/api/products/${MORE[0]!.id}/notify`, {})).statusCode).toBe(200);
    // The dealer asks to move their mail to someone else's address; the link is not opened.
    expect((await client.post('/api/user/email-change', { email: 'someone.else@victim.test', currentPassword: user.password })).statusCode).toBe(200);
    await restock([MORE[0]!.id]);
    await expect.poll(async () => (await arrivals()).length).toBe(1);
    const first = await deliver();
    expect(first.filter((m) => m.recipients.includes('someone.else@victim.test')).map((m) => mailSubject(m.raw))).toEqual([
      'Confirm your new email address for the BOLD portal',
    ]);
    expect(first.filter((m) => m.raw.includes('Back in stock')).map((m) => m.recipients)).toEqual([['confirmed@dealer.test']]);

    // Requested before the change, sent after it: the address is read when the email is written.
    expect((await put(client, `/api/products/${MORE[1]!.id}/notify`, {})).statusCode).toBe(200);
    const token = confirmToken(first.find((m) => m.recipients.includes('someone.else@victim.test'))!.raw);
    expect((await client.post('/api/user/email-change/confirm', { token })).statusCode).toBe(200);
    smtp.received.length = 0;
    await restock([MORE[1]!.id]);
    await expect.poll(async () => (await arrivals()).length).toBe(2);
    const second = await deliver();
    expect(second.map((m) => m.recipients)).toEqual([['someone.else@victim.test']]);
  });
});

describe('requests end with the account', () => {
  it('deleting a user deletes their requests in that transaction, and a restock mails them nothing', async () => {
    const { user, client } = await dealer('leaving@dealer.test');
    const stays = await dealer('stays@dealer.test');
    for (const p of MORE.slice(2, 7)) await put(client, `/api/products/${p.id}/notify`, {});
    expect((await put(stays.client, `/api/products/${MORE[2]!.id}/notify`, {})).statusCode).toBe(200);
    expect((await admin.delete(`/api/users/${user.id}`)).statusCode).toBe(200);
    expect(await requestsOf(user.id)).toEqual([]);
    await restock(MORE.slice(2, 7).map((p) => p.id));
    await expect.poll(async () => (await arrivals()).length).toBe(1);
    const received = await deliver();
    expect(received.map((m) => m.recipients)).toEqual([['stays@dealer.test']]);
  });
});

function mailSubject(raw: string): string | undefined {
  return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
}

describe('the admins\' notify-me list (docs/decisions/0214)', () => {
  /** SKUs of these tests only: the tests above restock theirs. */
  const LISTED = Array.from({ length: 70 }, (_, i) => ({ id: 72_001 + i, name: `Listed Tile ${i + 1}`, stockLevel: '0', price: '10.00', soldBy: 'Box' }));
  beforeAll(async () => {
    await ctx.db.insert(products).values(LISTED.map(withStock));
  });

  it('lists who waits for which SKU and whose email was sent, newest first, filtered by SKU, user and status, paged', async () => {
    const { user: ana, client: anaClient } = await dealer('ana.list@dealer.test');
    const { user: bo, client: boClient } = await dealer('bo.list@dealer.test');
    const mosaics = LISTED.slice(0, 3);
    for (const p of mosaics) expect((await put(anaClient, `/api/products/${p.id}/notify`, {})).statusCode).toBe(200);
    expect((await put(boClient, `/api/products/${mosaics[0]!.id}/notify`, {})).statusCode).toBe(200);
    await restock([mosaics[2]!.id]);
    await expect.poll(async () => (await arrivals()).length).toBe(1);

    const all = await admin.get('/api/admin/notify-requests');
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().requests as { sku: number; username: string; status: string; productName: string; sentAt: string | null }[];
    expect(rows.map((r) => [r.username, r.sku, r.status])).toEqual([
      [bo.username, mosaics[0]!.id, 'waiting'],
      [ana.username, mosaics[2]!.id, 'sent'],
      [ana.username, mosaics[1]!.id, 'waiting'],
      [ana.username, mosaics[0]!.id, 'waiting'],
    ]);
    expect(rows[0]!.productName).toBe(mosaics[0]!.name);
    expect(rows[1]!.sentAt).not.toBeNull();
    expect(all.json().nextCursor).toBeNull();

    const bySku = (await admin.get(`/api/admin/notify-requests?sku=${mosaics[0]!.id}`)).json().requests;
    expect(bySku.map((r: { username: string }) => r.username)).toEqual([bo.username, ana.username]);
    const byUser = (await admin.get(`/api/admin/notify-requests?user=${encodeURIComponent(bo.username.slice(0, 8))}`)).json().requests;
    expect(byUser.map((r: { username: string }) => r.username)).toEqual([bo.username]);
    const sent = (await admin.get('/api/admin/notify-requests?status=sent')).json().requests;
    expect(sent.map((r: { sku: number }) => r.sku)).toEqual([mosaics[2]!.id]);

    // Following nextCursor until null gives the whole list once.
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await admin.get(`/api/admin/notify-requests${cursor ? `?cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().requests.map((r: { id: number }) => r.id));
      cursor = page.json().nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(4);

    // Asking again after the email opens the request again.
    expect((await put(admin, '/api/stock/lots', { items: [{ sku: mosaics[2]!.id, lots: [] }] })).statusCode).toBe(200);
    expect((await put(anaClient, `/api/products/${mosaics[2]!.id}/notify`, {})).statusCode).toBe(200);
    const reopened = (await admin.get(`/api/admin/notify-requests?sku=${mosaics[2]!.id}`)).json().requests;
    expect(reopened.map((r: { status: string }) => r.status)).toEqual(['waiting']);
  });

  it('pages through more requests than a page holds, without repeats', async () => {
    const { client } = await dealer('many.list@dealer.test');
    const wanted = LISTED.slice(10, 60);
    for (const p of wanted) expect((await put(client, `/api/products/${p.id}/notify`, {})).statusCode).toBe(200);
    const { client: other } = await dealer('many2.list@dealer.test');
    for (const p of LISTED.slice(60, 70)) expect((await put(other, `/api/products/${p.id}/notify`, {})).statusCode).toBe(200);
    const first = (await admin.get('/api/admin/notify-requests')).json();
    expect(first.requests).toHaveLength(NOTIFY_REQUESTS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await admin.get(`/api/admin/notify-requests?cursor=${first.nextCursor}`)).json();
    expect(second.requests).toHaveLength(60 - NOTIFY_REQUESTS_PAGE_SIZE);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.requests, ...second.requests].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(60);
    expect((await admin.get('/api/admin/notify-requests?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/notify-requests?sku=abc')).statusCode).toBe(400);
  });

  it('is for admins only: 403 for dealers and salespeople (and for an admin acting as one), 401 signed out', async () => {
    const { client } = await dealer('not.admin@dealer.test');
    expect((await client.get('/api/admin/notify-requests')).statusCode).toBe(403);
    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    expect((await sales.get('/api/admin/notify-requests')).statusCode).toBe(403);
    const acting = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'bold_customer');
    expect((await acting.get('/api/admin/notify-requests')).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/admin/notify-requests')).statusCode).toBe(401);
  });
});
