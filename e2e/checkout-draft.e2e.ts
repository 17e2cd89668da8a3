import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/** ADR 0192: a dealer's checkout fields survive a reload, reach the order, and the history finds it. */
const browser = useBrowser();
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200)[7]!;

describe('dealer checkout draft', () => {
  it('from /: ship, address, reference and note survive a reload, are on the order, and the history search finds it', async () => {
    const { page } = await browser.open();
    await page.goto('/');
    await signInAs(page, ACCOUNTS.checkoutDealer, 'BOLD Customer');
    const cart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: tile.id, quantity: 2 });

    await page.goto('/cart');
    await page.getByText('Order Summary').waitFor();
    const address = { 'Store or company': 'Smith residence', 'Contact name': 'Sam Smith', Phone: '714-555-0100', 'Street address': '14 Harbor Rd', City: 'Irvine', State: 'CA', 'ZIP code': '92618' };
    const reference = `JOB-${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('Ship', { exact: true }).click();
    // A dealer company without saved locations types the address in its parts (docs/decisions/0233).
    for (const [label, value] of Object.entries(address)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Your PO reference (optional)').fill(reference);
    await page.getByLabel('Note (optional)').fill('Call on arrival');
    await page.screenshot({ path: join(tmpdir(), 'oa-checkout-desktop.png'), fullPage: true });

    await page.reload();
    await page.getByText('Order Summary').waitFor();
    for (const [label, value] of Object.entries(address)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    expect(await page.getByLabel('Your PO reference (optional)').inputValue()).toBe(reference);
    expect(await page.getByLabel('Note (optional)').inputValue()).toBe('Call on arrival');
    expect(await page.getByLabel('Ship', { exact: true }).getAttribute('data-state')).toBe('checked');
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'oa-checkout-phone.png'), fullPage: true });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const orders = await api<{ orders: { id: number; poReference: string | null; shipTo: string | null; deliveryType: string | null }[] }>(
      page,
      'GET',
      `/api/orders?q=${reference}`,
    );
    expect(orders.orders).toHaveLength(1);
    expect(orders.orders[0]).toMatchObject({ poReference: reference, deliveryType: 'ship', notes: 'Call on arrival' });
    expect(orders.orders[0]!.shipTo).toContain('14 Harbor Rd');

    // Placed: the draft is gone.
    await page.goto('/cart');
    await page.getByText(/^This (PO|sample order) is empty$/).waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `checkout:${cart.id}`)).toBeNull();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `checkout:${cart.id}:ship-to`)).toBeNull();

    // The history search finds it by reference; the detail shows the ship-to.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/orders');
    await page.getByLabel('PO name or reference').fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`**/orders?q=${reference.toLowerCase()}`);
    await page.getByRole('link', { name: `Order #${orders.orders[0]!.id}` }).first().waitFor();
    await page.screenshot({ path: join(tmpdir(), 'oa-orders-search-desktop.png') });
    await page.getByRole('link', { name: `Order #${orders.orders[0]!.id}` }).first().click();
    await page.getByText('14 Harbor Rd').waitFor();
    await page.screenshot({ path: join(tmpdir(), 'oa-order-detail-desktop.png'), fullPage: true });
  });
});
