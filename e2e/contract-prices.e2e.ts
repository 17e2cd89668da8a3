import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../src/common/domain/money';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * A contract dealer (docs/decisions/0229, 0232, 0233, 0231): the contract price with its list and its
 * 100+ break is what /catalog shows, what the PO shows at 100 boxes, what the order records and what
 * the dealer's own price list PDF prints.
 */
const browser = useBrowser();
// A boxed, priced tile with plenty of stock that no other journey orders.
const tile = generateDemoProducts().filter(
  (p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 300 && !/each|piece/i.test(p.soldBy ?? '') && toCents(p.price ?? null) !== null,
)[171]!;
const base = toCents(tile.price ?? null)!;
const contract = fromCents(Math.round(base * 0.8));
const bulk = fromCents(Math.round(base * 0.7));
const money = (price: string) => `$${Number(price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function put(page: Page, path: string, data: unknown) {
  const response = await page.request.put(path, { data, headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** The text a compressed pdfkit document draws: every Flate stream inflated, the TJ arrays' hex strings read. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const pieces: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
        pieces.push([...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join(''));
      }
    } catch {
      // Not a Flate stream (a font, an image): nothing drawn as text.
    }
  }
  return pieces.join('\n');
}

describe('a contract dealer', () => {
  it('from /: sees the contract price with its list and break, is charged it at 100 boxes, and the PDF prints it', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    const stamp = Date.now().toString(36);
    const company = await api<{ id: number }>(admin, 'POST', '/api/companies', { name: `Journey Contract ${stamp}` });
    const code = `JC-${stamp}`;
    const listName = `Contract Journey ${stamp}`;
    const { list } = (await put(admin, `/api/price-lists/${code}`, { name: listName })) as { list: { id: number } };
    await put(admin, `/api/price-lists/${code}/entries`, {
      entries: [
        { sku: tile.id, price: contract, minQuantity: 1 },
        { sku: tile.id, price: bulk, minQuantity: 100 },
      ],
    });
    await api(admin, 'POST', `/api/admin/price-lists/${list.id}/assignments`, { companyId: company.id, priority: 10 });
    const username = `journey-contract-${stamp}`;
    const buyer = await api<{ id: number }>(admin, 'POST', `/api/companies/${company.id}/buyers/new`, {
      username,
      password: 'Journey123',
      firstName: 'Casey',
      lastName: 'Contract',
      email: `${username}@example.com`,
      companyRole: 'buyer',
    });
    await api(admin, 'POST', `/api/bypass-password-reset/${buyer.id}`);

    const { page } = await browser.open(PHONE);
    await page.goto('/');
    await signInAs(page, { username, password: 'Journey123' }, 'BOLD Customer');

    // The catalog card: the contract price, its list, the 100+ break, the base price struck through.
    await page.goto('/catalog');
    await page.getByLabel('Search by name or description').fill(tile.name);
    const card = page.getByTestId('dealer-price').filter({ hasText: listName }).first();
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain(money(contract));
    expect(cardText).toContain(`100+ boxes ${money(bulk)}`);
    expect(await card.locator('del').textContent()).toContain(money(tile.price!));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'contract-prices-phone-catalog.png'), fullPage: true });

    // 100 boxes on the PO: the break's price, named (the PO on a desktop, as the order-placing journeys do).
    await page.setViewportSize({ width: 1280, height: 860 });
    const cart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: tile.id, quantity: 100 });
    await page.goto('/cart');
    await page.getByText('Order Summary').waitFor();
    await page.getByText(`${listName}, 100+ boxes`).first().waitFor();
    await page.getByText(money(bulk)).first().waitFor();
    await page.screenshot({ path: join(tmpdir(), 'contract-prices-desktop-po.png'), fullPage: true });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const orderId = Number(page.url().split('/').at(-2));
    const order = await api<{ total: string; items: { productId: number; quantity: number; price: string | null; priceListCode?: string | null; priceBreakMin?: number | null }[] }>(
      page,
      'GET',
      `/api/orders/${orderId}`,
    );
    const line = order.items.find((i) => i.productId === tile.id)!;
    expect(line.price).toBe(bulk);
    expect(line.quantity).toBe(100);
    expect(toCents(order.total)).toBe(toCents(bulk)! * 100);

    // The dealer's own price list PDF prints the contract price and the break.
    const pdf = await page.request.get('/api/price-list.pdf');
    expect(pdf.status()).toBe(200);
    const text = pdfText(await pdf.body());
    expect(text).toContain(money(contract).slice(1));
    expect(text).toContain(money(bulk).slice(1));
  });
});
