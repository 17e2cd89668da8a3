import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { seriousViolations } from './support/axe';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * Backorders against incoming stock (docs/decisions/0238-backorder-allocation.md): a dealer orders 50
 * boxes of a SKU with 3 in stock and a load on a vessel from the quick order pad, sees "3 now, 47 about
 * Dec 20 (on vessel)" on the pad and the PO, chooses how the line ships, places it, and the
 * confirmation says the split. And an out-of-stock SKU with a load due is ordered from its /stock row
 * instead of offering only "Notify me".
 */
const browser = useBrowser();

// A boxed demo tile with a price that no other journey orders (from the end of the list).
const boxed = generateDemoProducts().filter((p) => !/each|piece/i.test(p.soldBy ?? 'Box') && /^\d+(\.\d+)?$/.test(String(p.price ?? '')));
const tile = boxed.at(-21)!;
// An out-of-stock boxed tile with a price, near the end of the list, that no other journey orders.
const outTile = boxed.filter((p) => p.stockLevel === '0').at(-7)!;
const eta = `${new Date().getFullYear() + 1}-12-20`;
const SPLIT = '3 now, 47 about Dec 20 (on vessel)';

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

async function newDealer(admin: Page, stamp: string) {
  const account = { username: `journey-backorder-${stamp}`, password: 'Journey123' };
  const created = await api<{ id: number }>(admin, 'POST', '/api/users', { ...account, role: 'bold_customer', firstName: 'Bea', lastName: 'Journey', email: `${account.username}@example.com` });
  await api(admin, 'POST', `/api/bypass-password-reset/${created.id}`);
  return account;
}

async function atBothSizes(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready();
  await page.screenshot({ path: join(tmpdir(), `backorders-${name}-desktop.png`), fullPage: true });
  await expectAxeClean(page, `${name} at 1280x800`);
  await page.setViewportSize(PHONE);
  await ready();
  expect(await hasHorizontalScroll(page), `${name} scrolls sideways at 390x844`).toBe(false);
  await page.screenshot({ path: join(tmpdir(), `backorders-${name}-phone.png`), fullPage: true });
  await expectAxeClean(page, `${name} at 390x844`);
  await page.setViewportSize(DESKTOP);
}

describe('backorders against incoming stock', () => {
  it('a dealer orders 50 boxes with 3 in stock and a load due, and sees the split on the confirmation', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    await api(admin, 'PUT', '/api/stock/lots', { items: [{ sku: tile.id, lots: [{ lot: 'L7700A', shade: 'S1', quantity: 3 }] }] });
    await api(admin, 'PUT', '/api/stock/incoming', { items: [{ sku: tile.id, incoming: [{ quantity: 120, eta, stage: 'on_vessel', lot: 'L7710B' }] }] });

    const account = await newDealer(admin, `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`);

    const { page } = await browser.open();
    await page.goto('/');
    await signInAs(page, account, 'BOLD Customer');

    // The quick order pad offers the backorder instead of "added 3 of 50".
    await page.goto('/quick-order');
    await page.getByLabel('SKU and quantity, one per line').fill(`${tile.id} 50`);
    await page.getByText('3 now, 47 on incoming loads').filter({ visible: true }).first().waitFor();
    await page.getByTestId('quick-order-add').click();
    await page.getByText(SPLIT).filter({ visible: true }).first().waitFor();
    await expect.poll(async () => (await page.getByText(/added 3 of 50/).count())).toBe(0);
    await atBothSizes(page, 'quick-order', () => page.getByText(SPLIT).filter({ visible: true }).first().waitFor());

    // The PO: the split on the line and the shipping choice.
    await page.getByTestId('frame-cart-link').click();
    await page.getByText('Order Summary').waitFor();
    const line = page.getByTestId('cart-line-backorder');
    await line.getByText(SPLIT).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: `Quantity of ${tile.name}`, exact: true }).inputValue()).toBe('50');
    await line.getByLabel('Ship all together').click();
    await expect.poll(() => line.getByLabel('Ship all together').isChecked()).toBe(true);
    await atBothSizes(page, 'po', () => line.getByText(SPLIT).waitFor());

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();
    const shown = page.getByTestId('order-line-backorder').filter({ visible: true });
    await shown.getByText(SPLIT).waitFor();
    await shown.getByText('Ship all together').waitFor();
    await atBothSizes(page, 'confirmation', () => page.getByTestId('order-line-backorder').filter({ visible: true }).getByText(SPLIT).waitFor());

    const orders = await api<{ orders: { id: number }[] }>(page, 'GET', '/api/orders');
    const order = await api<{ items: { productId: number; backorder: { now: number; later: { quantity: number; eta: string }[] } | null }[] }>(page, 'GET', `/api/orders/${orders.orders[0]!.id}`);
    expect(order.items[0]!.backorder).toMatchObject({ now: 3, later: [{ quantity: 47, eta }] });
  });

  it('a dealer orders an out-of-stock SKU with a load due from its /stock row, and sees the split in the PO and on the confirmation', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    // Out of stock, with one load on a vessel (the demo catalogue may have given it another: this replaces it).
    await api(admin, 'PUT', '/api/stock/incoming', { items: [{ sku: outTile.id, incoming: [{ quantity: 120, eta, stage: 'on_vessel', lot: 'L7720C' }] }] });
    const account = await newDealer(admin, `row${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`);
    const later = '40 about Dec 20 (on vessel)';

    const { page } = await browser.open();
    await page.goto('/');
    await signInAs(page, account, 'BOLD Customer');
    await page.goto('/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    await page.getByLabel('Search', { exact: true }).fill(String(outTile.id));
    const open = page.getByRole('button', { name: String(outTile.id), exact: true }).filter({ visible: true });
    await open.click();
    await expect.poll(() => open.getAttribute('aria-expanded')).toBe('true');

    // The row offers the order, not only "Notify me": the quantity, the date it lands and the add.
    const row = page.getByTestId('stock-add').filter({ visible: true });
    await row.getByText('Arrives about Dec 20: order now, ships when it lands').waitFor();
    await expect.poll(() => row.getByLabel('Quantity (boxes)').isEnabled()).toBe(true);
    // Notify me stays beside it, for whoever would rather wait.
    await page.getByRole('button', { name: 'Notify me when it arrives' }).filter({ visible: true }).waitFor();
    // (A resize swaps the table for cards, which opens the row afresh: the quantity is typed after.)
    await atBothSizes(page, 'stock-row', () => page.getByTestId('stock-add').filter({ visible: true }).getByText('Arrives about Dec 20: order now, ships when it lands').waitFor());

    // Keyboard: the quantity, then the add.
    const quantity = page.getByTestId('stock-add').filter({ visible: true }).getByLabel('Quantity (boxes)');
    await quantity.focus();
    await quantity.fill('40');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe('Add to PO');
    await page.keyboard.press('Enter');
    // The answer names the date the line got.
    await page.getByTestId('added-backorder').filter({ visible: true }).getByText(`Backorder: ${later}`).waitFor();
    await page.screenshot({ path: join(tmpdir(), 'backorders-stock-row-added-desktop.png'), fullPage: true });
    await expectAxeClean(page, 'the stock row after the add');

    // The PO: nothing now, all 40 from the load.
    await page.getByTestId('frame-cart-link').click();
    await page.getByText('Order Summary').waitFor();
    const line = page.getByTestId('cart-line-backorder');
    await line.getByText(later).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: `Quantity of ${outTile.name}`, exact: true }).inputValue()).toBe('40');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();
    await page.getByTestId('order-line-backorder').filter({ visible: true }).getByText(later).waitFor();

    const orders = await api<{ orders: { id: number }[] }>(page, 'GET', '/api/orders');
    const order = await api<{ items: { productId: number; backorder: { now: number; later: { quantity: number; eta: string }[] } | null }[] }>(page, 'GET', `/api/orders/${orders.orders[0]!.id}`);
    expect(order.items[0]!.backorder).toMatchObject({ now: 0, later: [{ quantity: 40, eta }] });
  });
});
