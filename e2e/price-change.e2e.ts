import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { CART_PRICES_STALE_MS } from '../src/client/features/cart/lib/use-fresh-carts';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * One price rule (docs/decisions/0206): a price uploaded while the dealer looks at the PO ends in
 * "Prices changed: review the new total" with the new figures, never a silently higher order.
 */
const browser = useBrowser();
// A boxed tile no other journey orders, with plenty of stock.
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200 && !/each|piece/i.test(p.soldBy ?? ''))[151]!;

/** POST /api/stock/upload with the admin page's session, as the stock screen's API upload would. */
async function uploadPrice(admin: Page, price: string) {
  const response = await admin.request.post('/api/stock/upload', {
    headers: { 'x-request-timestamp': String(Date.now()) },
    multipart: { file: { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`id,price\n${tile.id},${price}\n`) } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The dealer's line price and the summary's total, as the PO shows them. */
async function shown(page: Page) {
  const line = page.getByRole('region', { name: 'Products' }).getByRole('listitem').first();
  return {
    unit: (await line.getByText(/ per box$/i).textContent())?.trim(),
    total: (await page.getByText('Total', { exact: true }).locator('xpath=following-sibling::*[1]').textContent())?.trim(),
  };
}

describe('a price changed between view and Place Order', () => {
  it('from /: the PO opened from the header shows the new price; a change after the view is a 409 with old → new and the new total; placing again records it', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    const stamp = Date.now().toString(36);
    const dealerAccount = { username: `journey-price-${stamp}`, password: 'Journey123' };
    const created = await api<{ id: number }>(admin, 'POST', '/api/users', {
      ...dealerAccount,
      role: 'bold_customer',
      firstName: 'Penny',
      lastName: 'Journey',
      email: `${dealerAccount.username}@example.com`,
    });
    await api(admin, 'POST', `/api/bypass-password-reset/${created.id}`);
    await uploadPrice(admin, '100.59');

    const session = await browser.open();
    const { page } = session;
    await page.goto('/');
    await signInAs(page, dealerAccount, 'BOLD Customer');
    const cart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: tile.id, quantity: 3 });

    // Opened from the header: today's price.
    await page.getByTestId('frame-cart-link').click();
    await page.getByText('Order Summary').waitFor();
    expect(await shown(page)).toEqual({ unit: '$100.59 per box', total: '$301.77' });

    // Away and back through the header after an upload: the PO shows the new price, not the old one.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await uploadPrice(admin, '110.00');
    await page.waitForTimeout(CART_PRICES_STALE_MS + 300);
    await page.getByTestId('frame-cart-link').click();
    await page.getByText('$110.00 per box').waitFor();
    expect(await shown(page)).toEqual({ unit: '$110.00 per box', total: '$330.00' });

    // The admin uploads a new price while the dealer reads the PO; the dealer places the order.
    await uploadPrice(admin, '120.00');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByTestId('prices-changed');
    await alert.getByText('Prices changed: review the new total').waitFor();
    expect(await alert.textContent()).toContain('$330.00');
    expect(await alert.textContent()).toContain('$360.00');
    expect((await page.getByTestId('price-change').textContent())?.replace(/\s+/g, ' ')).toBe('Price changed: $110.00 → $120.00');
    await page.getByText('$120.00 per box').waitFor();
    expect(await shown(page)).toEqual({ unit: '$120.00 per box', total: '$360.00' });
    expect((await api<{ orders: unknown[] }>(page, 'GET', '/api/orders')).orders).toHaveLength(0);
    expect(page.url()).toMatch(/\/cart$/);
    // The refusal we provoked shows in the console as a failed load, once.
    const refusal = session.errors.findIndex((e) => /status of 409/.test(e));
    expect(refusal).toBeGreaterThanOrEqual(0);
    session.errors.splice(refusal, 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(tmpdir(), 'price-change-desktop-lines.png') });
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'price-change-desktop-alert.png') });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByTestId('price-change').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'price-change-phone-lines.png') });
    await page.getByRole('button', { name: 'Place Order' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'price-change-phone-alert.png') });

    // Knowingly, again: the order records the price the buyer now saw.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const placed = await api<{ orders: { id: number; total: string }[] }>(page, 'GET', '/api/orders');
    expect(placed.orders).toHaveLength(1);
    expect(placed.orders[0]!.total).toBe('360.00');
    const order = await api<{ items: { productId: number; price: string }[] }>(page, 'GET', `/api/orders/${placed.orders[0]!.id}`);
    expect(order.items).toEqual([expect.objectContaining({ productId: tile.id, price: '120.00' })]);
  });
});
