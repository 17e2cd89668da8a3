import { addDays, todayIn } from '@common/domain/business-days';
import { COMPANY_PO_MESSAGES } from '@common/domain/company-orders';
import { QUOTE_MESSAGES } from '@common/domain/quotes';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put } from '../../../../test/cart-fixtures';
import { bearer, createToken } from '../../../../test/integrations';
import { companies, companyLocations, emailOutbox, orders, lotHolds, orderLineAllocations, priceListAssignments, priceListEntries, priceLists, productLots, products, quotes, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { stockColumnsOf } from '@common/domain/stock-level';

/*
 * Project quotes and lot holds through the API (docs/decisions/0236, 0237): the lifecycle, drawing an
 * accepted quote down over two orders, isolation between companies, the floor, parallel holds.
 */
const ctx = useTestApp();

const LOBBY = 7001; // 12x24, 16 sq ft a box, base 9.00
const TRIM = 7002; // bullnose, sold by the box, base 4.00
const LAST = 7003; // the SKU whose last 300 boxes 50 quotes race for

let admin: TestClient;

beforeAll(async () => {
  await ctx.db.insert(products).values([
    { id: LOBBY, name: 'Harbor Porcelain 12x24 Grey', line: 'Harbor', size: '12x24', soldBy: 'Box', coverage: '16', price: '9.00', ...stockColumnsOf('0') },
    { id: TRIM, name: 'Harbor Bullnose 3x24 Grey', line: 'Harbor', size: '3x24', soldBy: 'Box', coverage: '2', price: '4.00', ...stockColumnsOf('0') },
    { id: LAST, name: 'Dune Porcelain 24x48 Sand', line: 'Dune', size: '24x48', soldBy: 'Box', coverage: '16', price: '12.00', ...stockColumnsOf('0') },
  ]);
  const user = await createUser(ctx.db, { role: 'admin' });
  admin = await new TestClient(ctx.app).signInAs(user, 'admin');
  const lots = await put(admin, '/api/stock/lots', {
    items: [
      { sku: LOBBY, lots: [{ lot: 'H1', shade: 'S1', quantity: 2000 }, { lot: 'H2', shade: 'S2', quantity: 100 }] },
      { sku: TRIM, lots: [{ lot: 'B1', quantity: 500 }] },
      { sku: LAST, lots: [{ lot: 'D1', quantity: 300 }] },
    ],
  });
  expect(lots.statusCode, lots.body).toBe(200);
  await ctx.db.insert(webhookEndpoints).values({ url: 'https://erp.example.com/hook', events: ['quote.requested', 'quote.sent', 'quote.accepted', 'quote.closed', 'quote.expired'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' });
});

let counter = 0;
async function dealerCompany(contract?: string) {
  counter += 1;
  const [company] = await ctx.db.insert(companies).values({ name: `Dealer ${counter}` }).returning();
  if (contract) {
    const [list] = await ctx.db.insert(priceLists).values({ code: `QC${counter}`, name: `Contract ${counter}` }).returning();
    await ctx.db.insert(priceListEntries).values({ priceListId: list!.id, productId: LOBBY, minQuantity: 1, price: contract });
    await ctx.db.insert(priceListAssignments).values({ priceListId: list!.id, companyId: company!.id, priority: 1 });
  }
  const user = await createUser(ctx.db, { role: 'bold_customer', email: `buyer${counter}@dealer.test` });
  await ctx.db.update(users).set({ companyId: company!.id, companyRole: 'admin' }).where(eq(users.id, user.id));
  return { company: company!, client: await new TestClient(ctx.app).signInAs(user) };
}

const lotQuantity = async (sku: number, lot: string) =>
  (await ctx.db.select().from(productLots).where(eq(productLots.productId, sku))).find((l) => l.lot === lot)!.quantity;
const validUntil = addDays(todayIn(), 30);

type Quote = { id: number; status: string; lines: { id: number; productId: number; quantity: number; quotedPrice: string | null; contractPrice: string | null; heldLot: string | null; heldBoxes: number; quantityUsed: number; floorPrice?: string | null; lots?: { id: number; lot: string; free: number }[] }[] };

async function requestLobby(client: TestClient) {
  const response = await client.post('/api/quotes', {
    projectName: 'Harbor Hotel lobby',
    siteAddress: '1 Pier Rd, Portland',
    contractor: 'Coast Builders',
    installDate: addDays(todayIn(), 40),
    lines: [
      { productId: LOBBY, areaSqft: 2400, wastePercent: 10, holdOneLot: true },
      { productId: TRIM, quantity: 40 },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Quote;
}

async function priceAndSend(quote: Quote, hold = true, by = admin) {
  const detail = (await by.get(`/api/quotes/${quote.id}`)).json() as Quote;
  const lobby = detail.lines.find((l) => l.productId === LOBBY)!;
  const response = await by.post(`/api/quotes/${quote.id}/send`, {
    validUntil,
    notes: 'Freight included',
    lines: detail.lines.map((l) => ({ id: l.id, quotedPrice: l.productId === LOBBY ? '7.25' : '3.50', holdLotId: hold && l.productId === LOBBY ? lobby.lots!.find((x) => x.lot === 'H1')!.id : null })),
  });
  return response;
}

describe('the quote lifecycle', () => {
  it('request in square feet, price with a held lot, send, PDF, accept; emails and webhooks at each step', async () => {
    const { client } = await dealerCompany('8.40');
    const quote = await requestLobby(client);
    // 2,400 sq ft + 10% on 16 sq ft boxes: 165 boxes, rounded up.
    expect(quote.lines.map((l) => l.quantity)).toEqual([165, 40]);
    expect(quote.status).toBe('requested');
    expect(quote.lines[0]!.lots, 'a dealer never sees the lots or the floor').toBeUndefined();

    const before = await lotQuantity(LOBBY, 'H1');
    const sent = await priceAndSend(quote);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'quoted', validUntil });
    // The held boxes leave what everyone else sees: the lot row, the SKU's stock, the availability answer.
    expect(await lotQuantity(LOBBY, 'H1')).toBe(before - 165);
    const [stock] = await ctx.db.select().from(products).where(eq(products.id, LOBBY));
    expect(stock!.stockCount).toBe(before - 165 + 100);
    const availability = (await admin.get(`/api/products/${LOBBY}/availability`)).json() as { lots: { lot: string; quantity: number }[] };
    expect(availability.lots.find((l) => l.lot === 'H1')!.quantity).toBe(before - 165);

    const seen = (await client.get(`/api/quotes/${quote.id}`)).json() as Quote;
    expect(seen.lines[0]).toMatchObject({ quotedPrice: '7.25', contractPrice: '8.40', heldLot: 'H1', heldBoxes: 165 });

    const pdf = await client.get(`/api/quotes/${quote.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Q-${quote.id} Harbor Hotel lobby.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const accepted = await client.post(`/api/quotes/${quote.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect((await client.post(`/api/quotes/${quote.id}/decline`)).statusCode, 'decided once').toBe(409);

    const emails = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `quote:${quote.id}`))).map((e) => e.subject);
    expect(emails).toEqual([
      `Quote Q-${quote.id} requested: Harbor Hotel lobby (Dealer ${counter})`,
      `Your quote Q-${quote.id} for Harbor Hotel lobby is ready`,
      `Quote Q-${quote.id} accepted: Harbor Hotel lobby (Dealer ${counter})`,
    ]);
    const events = (await ctx.db.select().from(webhookDeliveries)).map((d) => JSON.parse(d.body) as { type: string; data: { quote: { id: number } } }).filter((e) => e.data.quote?.id === quote.id);
    expect(events.map((e) => e.type)).toEqual(['quote.requested', 'quote.sent', 'quote.accepted']);
  });

  it('draws an accepted quote down over two orders at quoted prices, held lot first, then closes it', async () => {
    const { client } = await dealerCompany('8.40');
    const quote = await requestLobby(client);
    expect((await priceAndSend(quote)).statusCode).toBe(200);
    expect((await client.post(`/api/quotes/${quote.id}/accept`)).statusCode).toBe(200);
    const [lobby, trim] = quote.lines;
    const h1Free = await lotQuantity(LOBBY, 'H1');

    const first = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: lobby!.id, quantity: 60 }, { quoteLineId: trim!.id, quantity: 10 }], poReference: 'Phase 1' });
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json() as { id: number; total: string; poReference: string; items: { productId: number; price: string; priceListCode: string; allocations: { lot: string; quantity: number }[] }[] };
    expect(order.poReference).toBe('Phase 1');
    expect(order.items.map((i) => [i.productId, i.price, i.priceListCode])).toEqual([
      [LOBBY, '7.25', `Q-${quote.id}`],
      [TRIM, '3.50', `Q-${quote.id}`],
    ]);
    expect(order.items[0]!.allocations).toEqual([expect.objectContaining({ lot: 'H1', quantity: 60 })]);
    expect(order.total).toBe('470.00');
    // The held boxes were already out of the free count: ordering them does not lower it again.
    expect(await lotQuantity(LOBBY, 'H1')).toBe(h1Free);
    const [hold] = await ctx.db.select().from(lotHolds).where(eq(lotHolds.quoteLineId, lobby!.id));
    expect(hold!.quantity).toBe(105);

    const over = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: lobby!.id, quantity: 106 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(QUOTE_MESSAGES.overQuote(LOBBY, 105));

    const second = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: lobby!.id, quantity: 105 }, { quoteLineId: trim!.id, quantity: 30 }] });
    expect(second.statusCode, second.body).toBe(201);
    const allocations = await ctx.db.select().from(orderLineAllocations).where(eq(orderLineAllocations.orderId, second.json().id));
    expect(allocations.filter((a) => a.lot === 'H1').reduce((s, a) => s + a.quantity, 0)).toBe(105);
    const closed = (await client.get(`/api/quotes/${quote.id}`)).json() as Quote;
    expect(closed.status).toBe('closed');
    expect(closed.lines.map((l) => l.quantityUsed)).toEqual([165, 40]);
    expect(await ctx.db.select().from(lotHolds).where(eq(lotHolds.quoteLineId, lobby!.id))).toEqual([]);
    expect((await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: trim!.id, quantity: 1 }] })).statusCode).toBe(409);

    // The office cancels the second order (docs/decisions/0245): its boxes go back on the quote, which
    // is open again while valid, and the dealer orders them again at the quoted prices.
    const cancelled = await admin.request({ method: 'PATCH', url: `/api/orders/${second.json().id}`, json: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reopened = (await client.get(`/api/quotes/${quote.id}`)).json() as Quote;
    expect(reopened.status).toBe('accepted');
    expect(reopened.lines.map((l) => l.quantityUsed)).toEqual([60, 10]);
    // A second cancel of the same order (a retry) gives nothing back twice.
    expect((await admin.request({ method: 'PATCH', url: `/api/orders/${second.json().id}`, json: { status: 'cancelled' } })).statusCode).toBe(200);
    expect(((await client.get(`/api/quotes/${quote.id}`)).json() as Quote).lines.map((l) => l.quantityUsed)).toEqual([60, 10]);
    const again = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: lobby!.id, quantity: 105 }] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().items[0]).toMatchObject({ productId: LOBBY, price: '7.25', priceListCode: `Q-${quote.id}` });
  });

  it('a cancelled order of a quote closed by hand gives its boxes back but leaves the quote closed', async () => {
    const { client, quote } = await acceptedQuote();
    const [lobby] = quote.lines;
    const placed = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: lobby!.id, quantity: 20 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await client.post(`/api/quotes/${quote.id}/close`)).statusCode).toBe(200);
    expect((await admin.request({ method: 'PATCH', url: `/api/orders/${placed.json().id}`, json: { status: 'cancelled' } })).statusCode).toBe(200);
    const after = (await client.get(`/api/quotes/${quote.id}`)).json() as Quote;
    expect(after.status).toBe('closed');
    expect(after.lines[0]!.quantityUsed).toBe(0);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { client } = await dealerCompany();
    expect((await client.post('/api/quotes', { projectName: '', lines: [] })).statusCode).toBe(400);
    const noCoverage = await client.post('/api/quotes', { projectName: 'X', lines: [{ productId: 999_999, quantity: 3 }] });
    expect(noCoverage.statusCode).toBe(400);
    expect(noCoverage.json().message).toBe('Unknown SKU 999999');
    const quote = await requestLobby(client);
    expect((await client.post(`/api/quotes/${quote.id}/send`, { validUntil, lines: [{ id: quote.lines[0]!.id, quotedPrice: '1' }] })).statusCode, 'a dealer never prices').toBe(403);
    const tooFar = await admin.post(`/api/quotes/${quote.id}/send`, { validUntil: addDays(todayIn(), 120), lines: quote.lines.map((l) => ({ id: l.id, quotedPrice: '5' })) });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe(QUOTE_MESSAGES.validUntilTooFar);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe('requested');
    expect((await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 1 }] })).statusCode).toBe(409);
  });
});

describe('quoted prices never leak to another company', () => {
  it('every quote endpoint answers another company 404 and lists none of its quotes', async () => {
    const owner = await dealerCompany('8.40');
    const quote = await requestLobby(owner.client);
    expect((await priceAndSend(quote)).statusCode).toBe(200);
    const other = await dealerCompany();
    for (const url of [`/api/quotes/${quote.id}`, `/api/quotes/${quote.id}/pdf`]) {
      const response = await other.client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('7.25');
    }
    for (const [url, body] of [
      [`/api/quotes/${quote.id}/accept`, {}],
      [`/api/quotes/${quote.id}/decline`, {}],
      [`/api/quotes/${quote.id}/close`, {}],
      [`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 1 }] }],
    ] as const) {
      const response = await other.client.post(url, body);
      expect(response.statusCode, url).toBe(404);
    }
    const list = (await other.client.get('/api/quotes')).json() as { quotes: { id: number }[] };
    expect(list.quotes.map((q) => q.id)).not.toContain(quote.id);
    expect((await owner.client.get('/api/quotes')).json().quotes.map((q: { id: number }) => q.id)).toContain(quote.id);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe('quoted');
  });

  it('an ERP token reads with quotes:read and needs the scope', async () => {
    const owner = await dealerCompany();
    const quote = await requestLobby(owner.client);
    const reader = await createToken(admin, ['quotes:read']);
    const other = await createToken(admin, ['orders:read']);
    expect((await bearer(ctx.app, reader.token, { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(200);
    expect((await bearer(ctx.app, other.token, { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(403);
    expect((await bearer(ctx.app, reader.token, { method: 'POST', url: `/api/quotes/${quote.id}/close`, json: {} })).statusCode).toBe(403);
  });
});

describe('the floor price', () => {
  it('a salesperson cannot price below the lowest price anyone has; an admin can', async () => {
    const { client } = await dealerCompany('8.40');
    const quote = await requestLobby(client);
    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    const detail = (await sales.get(`/api/quotes/${quote.id}`)).json() as Quote;
    expect(detail.lines[0]!.floorPrice).toBe('8.40');
    const below = await sales.post(`/api/quotes/${quote.id}/send`, { validUntil, lines: detail.lines.map((l) => ({ id: l.id, quotedPrice: '7.00' })) });
    expect(below.statusCode).toBe(403);
    expect(below.json().message).toBe(QUOTE_MESSAGES.belowFloor(LOBBY, '8.40'));
    const atFloor = await sales.post(`/api/quotes/${quote.id}/send`, { validUntil, lines: detail.lines.map((l) => ({ id: l.id, quotedPrice: '8.40' })) });
    expect(atFloor.statusCode, atFloor.body).toBe(200);
    expect((await priceAndSend(quote, false)).statusCode, 'an admin revises below the floor').toBe(200);
  });
});

describe('lot holds', () => {
  it('50 parallel holds on the last 300 boxes of a lot hold exactly what is there', async () => {
    const { client } = await dealerCompany();
    const [lot] = await ctx.db.select().from(productLots).where(eq(productLots.productId, LAST));
    const asked = [];
    for (let i = 0; i < 50; i++) {
      const response = await client.post('/api/quotes', { projectName: `Tower floor ${i}`, lines: [{ productId: LAST, quantity: 10 + (i % 3) * 5, holdOneLot: true }] });
      asked.push(response.json() as Quote);
    }
    const results = await Promise.all(
      asked.map((q) => admin.post(`/api/quotes/${q.id}/send`, { validUntil, lines: [{ id: q.lines[0]!.id, quotedPrice: '11.00', holdLotId: lot!.id }] })),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409), results.map((r) => r.statusCode).join()).toBe(true);
    const holds = await ctx.db.select().from(lotHolds).where(eq(lotHolds.lotId, lot!.id));
    const held = holds.reduce((s, h) => s + h.quantity, 0);
    const free = await lotQuantity(LAST, 'D1');
    expect(free).toBeGreaterThanOrEqual(0);
    expect(held + free).toBe(300);
    // Every refused hold was refused because what was left was smaller than it: no box idles.
    const smallest = Math.min(...asked.map((q) => q.lines[0]!.quantity));
    expect(free).toBeLessThan(smallest);
    expect(holds.length).toBe(results.filter((r) => r.statusCode === 200).length);
    const [stock] = await ctx.db.select().from(products).where(eq(products.id, LAST));
    expect(stock!.stockCount).toBe(free);
  });

  it('a lots upload below a held lot is previewed with a warning naming the quote; the confirm cuts the hold to what is there', async () => {
    const { client } = await dealerCompany();
    const quote = await requestLobby(client);
    expect((await priceAndSend(quote)).statusCode).toBe(200);
    const h1 = (await ctx.db.select().from(productLots).where(eq(productLots.productId, LOBBY))).find((l) => l.lot === 'H1')!;
    const heldOnH1 = (await ctx.db.select().from(lotHolds).where(eq(lotHolds.lotId, h1.id))).reduce((s, h) => s + h.quantity, 0);
    const { multipartBody } = await import('../../../../test/multipart');
    const csv = `sku,lot,shade,caliber,warehouse,quantity\n${LOBBY},H1,S1,,Main,100\n${LOBBY},H2,S2,,Main,100\n`;
    const preview = await admin.request({ method: 'POST', url: '/api/stock/lots/upload/preview', ...multipartBody([{ filename: 'lots.csv', content: csv }]) });
    expect(preview.statusCode, preview.body).toBe(200);
    const warning = (preview.json() as { heldLots: { lot: string; onShelf: number; held: number; quotes: string[] }[] }).heldLots.find((w) => w.lot === 'H1')!;
    expect(warning).toMatchObject({ onShelf: 100, held: heldOnH1 });
    expect(warning.quotes).toContain(`Q-${quote.id} Harbor Hotel lobby`);
    const confirmed = await admin.post(`/api/stock/lots/uploads/${preview.json().uploadId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await lotQuantity(LOBBY, 'H1')).toBe(0);
    const after = await ctx.db.select().from(lotHolds).where(eq(lotHolds.lotId, h1.id));
    expect(after.reduce((s, h) => s + h.quantity, 0)).toBe(100);
    // Newest holds are cut first: this quote's, the last placed, lost its boxes before older ones.
    expect(after.find((h) => h.quoteLineId === quote.lines[0]!.id)?.quantity ?? 0).toBe(0);
    // The shelf back as it was, for the tests after this one.
    await put(admin, '/api/stock/lots', { items: [{ sku: LOBBY, lots: [{ lot: 'H1', shade: 'S1', quantity: 2000 }, { lot: 'H2', shade: 'S2', quantity: 100 }] }] });
    expect(after.every((h) => h.quantity >= 0)).toBe(true);
  });
});

describe('decline, close and extend', () => {
  it('a decline gives the held boxes back; only an admin extends, and the hold moves with the date', async () => {
    const first = await dealerCompany();
    const declined = await requestLobby(first.client);
    const before = await lotQuantity(LOBBY, 'H1');
    expect((await priceAndSend(declined)).statusCode).toBe(200);
    expect(await lotQuantity(LOBBY, 'H1')).toBe(before - 165);
    const answer = await first.client.post(`/api/quotes/${declined.id}/decline`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('declined');
    expect(await lotQuantity(LOBBY, 'H1')).toBe(before);
    expect((await first.client.post(`/api/quotes/${declined.id}/accept`)).statusCode, 'a declined quote stays declined').toBe(409);

    const second = await dealerCompany();
    const extended = await requestLobby(second.client);
    expect((await priceAndSend(extended)).statusCode).toBe(200);
    const later = addDays(todayIn(), 60);
    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    expect((await sales.post(`/api/quotes/${extended.id}/extend`, { validUntil: later })).statusCode).toBe(403);
    expect((await second.client.post(`/api/quotes/${extended.id}/extend`, { validUntil: later })).statusCode).toBe(403);
    const moved = await admin.post(`/api/quotes/${extended.id}/extend`, { validUntil: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().validUntil).toBe(later);
    const [hold] = await ctx.db.select().from(lotHolds).where(eq(lotHolds.quoteLineId, extended.lines[0]!.id));
    expect(hold!.expiresAt.toISOString()).toBe(`${later}T23:59:59.999Z`);

    const closed = await admin.post(`/api/quotes/${extended.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await ctx.db.select().from(lotHolds).where(eq(lotHolds.quoteLineId, extended.lines[0]!.id))).toEqual([]);
  });
});

describe('expiry', () => {
  it('the scheduled job expires a quote past its date and gives its held boxes back', async () => {
    const { expireQuotesOnce } = await import('./index');
    const { client } = await dealerCompany();
    const [lot] = await ctx.db.select().from(productLots).where(eq(productLots.productId, TRIM));
    const before = lot!.quantity;
    const response = await client.post('/api/quotes', { projectName: 'School gym', lines: [{ productId: TRIM, quantity: 25, holdOneLot: true }] });
    const quote = response.json() as Quote;
    const sent = await admin.post(`/api/quotes/${quote.id}/send`, { validUntil, lines: [{ id: quote.lines[0]!.id, quotedPrice: '3.90', holdLotId: lot!.id }] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await lotQuantity(TRIM, 'B1')).toBe(before - 25);
    await ctx.db.update(quotes).set({ validUntil: addDays(todayIn(), -1) }).where(eq(quotes.id, quote.id));
    const mailAndEvents = { products: { summaries: async () => [], changed: () => {} }, mail: { enqueue: async () => 0 }, events: { publish: async () => {} }, email: { from: 'a@b.c', to: 'd@e.f' }, today: () => todayIn() };
    const done = await expireQuotesOnce(ctx.db, mailAndEvents);
    expect(done.quotes).toBeGreaterThanOrEqual(1);
    expect((await client.get(`/api/quotes/${quote.id}`)).json().status).toBe('expired');
    expect(await lotQuantity(TRIM, 'B1')).toBe(before);
    expect(await ctx.db.select().from(lotHolds).where(eq(lotHolds.quoteLineId, quote.lines[0]!.id))).toEqual([]);
    const [stock] = await ctx.db.select().from(products).where(eq(products.id, TRIM));
    expect(stock!.stockCount).toBe(before);
  });

  it('runs every minute as a pg-boss schedule whose queue the migration creates', async () => {
    const { SCHEDULES } = await import('../../jobs/runner');
    const { QUEUES } = await import('../../lib/jobs');
    expect(SCHEDULES[QUEUES.expireQuotes]).toBe('* * * * *');
    const queues = await ctx.db.execute(sql`select name from pgboss.queue where name = ${QUEUES.expireQuotes}`);
    expect(queues.rows).toHaveLength(1);
  });
});


/** An accepted quote of a new dealer company, ready to order from. */
async function acceptedQuote(role: 'admin' | 'buyer' = 'admin', spendingLimit: string | null = null) {
  const dealer = await dealerCompany();
  const quote = await requestLobby(dealer.client);
  expect((await priceAndSend(quote, false)).statusCode).toBe(200);
  expect((await dealer.client.post(`/api/quotes/${quote.id}/accept`)).statusCode).toBe(200);
  const [me] = await ctx.db.select().from(users).where(eq(users.email, `buyer${counter}@dealer.test`));
  await ctx.db.update(users).set({ companyRole: role, spendingLimit }).where(eq(users.id, me!.id));
  return { ...dealer, quote };
}

describe('an order from a quote checks out like a cart (docs/decisions/0242)', () => {
  it('ships to a saved location on a requested date; another company\'s location and a closed date are refused as at checkout', async () => {
    const { client, company, quote } = await acceptedQuote();
    const [site] = await ctx.db
      .insert(companyLocations)
      .values({ companyId: company.id, name: 'Hotel site', contactName: 'Ana Site', phone: '555-0100', street: '1 Pier Rd', city: 'Portland', state: 'ME', zip: '04101' })
      .returning();
    const stranger = await dealerCompany();
    const [elsewhere] = await ctx.db.insert(companyLocations).values({ companyId: stranger.company.id, name: 'Not yours', street: '9 Elm St', city: 'Salem', state: 'MA', zip: '01970' }).returning();
    const { earliest } = (await client.get('/api/orders/requested-dates')).json() as { earliest: string };
    const line = [{ quoteLineId: quote.lines[0]!.id, quantity: 20 }];

    const foreign = await client.post(`/api/quotes/${quote.id}/orders`, { lines: line, deliveryType: 'ship', locationId: elsewhere!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(COMPANY_PO_MESSAGES.locationNotFound);
    const yesterday = await client.post(`/api/quotes/${quote.id}/orders`, { lines: line, deliveryType: 'ship', locationId: site!.id, requestedDate: addDays(todayIn(), -1) });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().errors[0].path).toBe('requestedDate');
    expect((await ctx.db.select().from(orders).where(eq(orders.companyId, company.id))).length, 'nothing placed').toBe(0);

    const placed = await client.post(`/api/quotes/${quote.id}/orders`, { lines: line, deliveryType: 'ship', locationId: site!.id, requestedDate: earliest });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ deliveryType: 'ship', locationId: site!.id, requestedDate: earliest, shipToAddress: { street: '1 Pier Rd', city: 'Portland', state: 'ME', zip: '04101' } });
    expect(placed.json().shipTo).toContain('1 Pier Rd');

    const pickup = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[1]!.id, quantity: 5 }] });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json()).toMatchObject({ deliveryType: 'pickup', shipTo: null, requestedDate: null });
  });

  it('a buyer over their spending limit is refused as at checkout, and nothing is drawn; under it, the order goes in', async () => {
    // 20 boxes at 7.25 = 145.00, over a 100.00 limit; 10 boxes = 72.50.
    const { client, company, quote } = await acceptedQuote('buyer', '100.00');
    const over = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 20 }] });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(QUOTE_MESSAGES.overLimit('100.00'));
    expect(((await client.get(`/api/quotes/${quote.id}`)).json() as Quote).lines[0]!.quantityUsed).toBe(0);
    expect(await ctx.db.select().from(orders).where(eq(orders.companyId, company.id))).toEqual([]);
    const under = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 10 }] });
    expect(under.statusCode, under.body).toBe(201);
    expect(under.json().total).toBe('72.50');
  });

  it('a company on hold orders nothing from a quote', async () => {
    const { client, company, quote } = await acceptedQuote();
    await ctx.db.update(companies).set({ status: 'on_hold' }).where(eq(companies.id, company.id));
    const refused = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPANY_PO_MESSAGES.onHold);
    await ctx.db.update(companies).set({ status: 'active' }).where(eq(companies.id, company.id));
  });
});

describe('an order from a quote the way the world sends it', () => {
  const orderOnce = (client: TestClient, quoteId: number, lines: unknown, key: string) =>
    client.request({ method: 'POST', url: `/api/quotes/${quoteId}/orders`, json: { lines }, headers: { 'idempotency-key': key } });

  it('the same order sent again with its Idempotency-Key (an answer lost on the way) is placed once and drawn once', async () => {
    const { client, company, quote } = await acceptedQuote();
    const lines = [{ quoteLineId: quote.lines[0]!.id, quantity: 30 }];
    const first = await orderOnce(client, quote.id, lines, 'quote-order-replayed-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all([1, 2, 3].map(() => orderOnce(client, quote.id, lines, 'quote-order-replayed-1')));
    expect(again.map((r) => [r.statusCode, r.json().id])).toEqual([1, 2, 3].map(() => [201, first.json().id]));
    expect(await ctx.db.select().from(orders).where(eq(orders.companyId, company.id))).toHaveLength(1);
    expect(((await client.get(`/api/quotes/${quote.id}`)).json() as Quote).lines[0]!.quantityUsed).toBe(30);
  });

  it("two orders of a line's last boxes at once (two tabs, two buyers): one goes in, the other is told what is left", async () => {
    const { client, company, quote } = await acceptedQuote();
    const left = quote.lines[0]!.quantity;
    const [one, two] = await Promise.all([0, 1].map((n) => orderOnce(client, quote.id, [{ quoteLineId: quote.lines[0]!.id, quantity: left }], `quote-order-race-${quote.id}-${n}`)));
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([201, 409]);
    const refused = [one!, two!].find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(QUOTE_MESSAGES.overQuote(LOBBY, 0));
    expect(await ctx.db.select().from(orders).where(eq(orders.companyId, company.id))).toHaveLength(1);
    expect(((await client.get(`/api/quotes/${quote.id}`)).json() as Quote).lines[0]!.quantityUsed).toBe(left);
  });

  it('a quote past its valid-until day is refused before the minutely job has marked it, and nothing is placed', async () => {
    const { client, company, quote } = await acceptedQuote();
    await ctx.db.update(quotes).set({ validUntil: addDays(todayIn(), -1) }).where(eq(quotes.id, quote.id));
    const late = await client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(QUOTE_MESSAGES.expired);
    expect(await ctx.db.select().from(orders).where(eq(orders.companyId, company.id))).toEqual([]);
  });
});

describe('a rep acting for an assigned dealer (docs/decisions/0235, 0242)', () => {
  async function actingRep(companyId: number) {
    const user = await createUser(ctx.db, { role: 'salesperson', email: `rep${Math.random().toString(36).slice(2, 8)}@bold.test` });
    await ctx.db.update(users).set({ firstName: 'Jane', lastName: `Rep${user.id}` }).where(eq(users.id, user.id));
    expect((await admin.request({ method: 'PUT', url: `/api/companies/${companyId}/reps/${user.id}` })).statusCode).toBe(200);
    const client = await new TestClient(ctx.app).signInAs(user);
    const acting = await client.post('/api/session/acting', { companyId });
    expect(acting.statusCode, acting.body).toBe(200);
    return { user, client, name: `Jane Rep${user.id}` };
  }

  it('requests, accepts and orders for the dealer with both names on record; a rep acting for another company gets 404', async () => {
    const dealer = await dealerCompany();
    const rep = await actingRep(dealer.company.id);
    const quote = await requestLobby(rep.client);
    expect(quote).toMatchObject({ companyId: dealer.company.id, companyName: dealer.company.name, requestedBy: rep.name, requestedByRep: { userId: rep.user.id, name: rep.name } });
    expect((await dealer.client.get('/api/quotes')).json().quotes.map((q: { id: number }) => q.id), 'the dealer sees it').toContain(quote.id);
    expect((await priceAndSend(quote, false)).statusCode).toBe(200);
    // The quote's "ready" email goes to the rep who asked, and to the company's admins.
    const ready = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `quote:${quote.id}`))).find((e) => e.subject.includes('is ready'))!;
    expect(ready.toAddresses.sort()).toEqual([rep.user.email, `buyer${counter}@dealer.test`].sort());

    const stranger = await dealerCompany();
    const other = await actingRep(stranger.company.id);
    expect((await other.client.get(`/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/quotes/${quote.id}/accept`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 1 }] })).statusCode).toBe(404);

    const accepted = await rep.client.post(`/api/quotes/${quote.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const placed = await rep.client.post(`/api/quotes/${quote.id}/orders`, { lines: [{ quoteLineId: quote.lines[0]!.id, quantity: 10 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ companyId: dealer.company.id, company: { id: dealer.company.id, name: dealer.company.name }, placedByRep: { userId: rep.user.id, name: rep.name }, placedBy: rep.name });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({ userId: rep.user.id, placedByRepId: rep.user.id, companyName: dealer.company.name });
    const confirmation = (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `order:${placed.json().id}`)))[0]!;
    expect(confirmation.ccAddresses).toEqual(expect.arrayContaining([rep.user.email, `buyer${counter - 1}@dealer.test`]));
  });
});
