import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../src/common/domain/money';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/** docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md: Place Order lands on a confirmation; Reorder asks where. */
const browser = useBrowser();

// Boxed demo tiles with stock no other journey orders: one with demo lots (every 20th boxed tile with stock) and one without.
const boxed = generateDemoProducts().filter((p) => !/each|piece/i.test(p.soldBy ?? 'Box'));
const counted = (p: (typeof boxed)[number]) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 50 && /^\d+(\.\d+)?$/.test(String(p.price ?? ''));
const withLots = boxed.filter((p, i) => i % 20 === 0 && counted(p))[37]!;
const withoutLots = boxed.filter((p, i) => i % 20 !== 0 && counted(p))[611]!;

interface Cart {
  id: number;
  name: string;
  isActive: boolean;
}

/** A client-side move, as a link in the app makes: the page and its query cache stay. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Every console error, 404s included (the shared filter lets expected 404s through; none is expected here). */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/** A new PO named `name` with 2 boxes of each tile, made active. */
async function poWithLines(page: Page, name: string): Promise<Cart> {
  const cart = await api<Cart>(page, 'POST', '/api/carts', { name });
  await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: withLots.id, quantity: 2 });
  await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: withoutLots.id, quantity: 3 });
  return cart;
}

describe('the confirmation page after Place Order', () => {
  it('shows the order number, PO name, lines with lots, total and delivery, with Print and Open order, and no console error', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.confirmDealer, 'BOLD Customer');
    const poName = `Garcia Lobby ${Date.now().toString(36)}`;
    await poWithLines(page, poName);
    const problems = recordProblems(page);

    await navigateInApp(page, '/cart');
    await page.getByText('Order Summary').waitFor();
    await page.getByLabel('Pickup', { exact: true }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const id = Number(/\/orders\/(\d+)\/placed$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: `Order #${id} was placed` }).waitFor();

    const order = await api<{ total: string; cartName: string; items: { productName: string; allocations?: { lot: string }[] }[] }>(page, 'GET', `/api/orders/${id}`);
    expect(order.cartName).toBe(poName);
    const facts = page.locator('dl').first();
    await facts.getByText(`#${id}`, { exact: true }).waitFor();
    await facts.getByText(poName, { exact: true }).waitFor();
    await facts.getByText('Pickup', { exact: true }).waitFor();
    await facts.getByText(formatPrice(order.total), { exact: true }).waitFor();
    const lines = page.locator('table');
    await lines.getByRole('cell', { name: withLots.name }).waitFor();
    await lines.getByRole('cell', { name: withoutLots.name, exact: true }).waitFor();
    const lot = order.items.find((i) => i.productName === withLots.name)!.allocations![0]!.lot;
    await lines.getByText(new RegExp(`^Lot ${lot}: 2 boxes`)).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.screenshot({ path: '.tmp/order-placed-desktop.png', fullPage: true });

    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: 'Order lines' }).getByText(new RegExp(`^Lot ${lot}: 2 boxes`)).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: '.tmp/order-placed-phone.png', fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Let late refetches land, then: nothing failed on the way (the placed PO's lots used to answer 404).
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);

    await page.getByRole('link', { name: 'Open order' }).click();
    await page.waitForURL(new RegExp(`/orders/${id}$`));
    await page.getByRole('button', { name: 'Reorder' }).waitFor();
  });
});

describe('reorder asks where', () => {
  it('reorders into a new PO named after the order; the toast link opens it with the lines', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.confirmDealer, 'BOLD Customer');
    const poName = `Lee Bath ${Date.now().toString(36)}`;
    const placing = await poWithLines(page, poName);
    const placed = await api<{ id: number }>(page, 'POST', '/api/orders', { cartId: placing.id });
    // Another job's PO with a line of its own is active: the reorder must not land in it.
    const busy = await api<Cart>(page, 'POST', '/api/carts', { name: `Other job ${Date.now().toString(36)}` });
    await api(page, 'POST', `/api/carts/${busy.id}/items`, { productId: withoutLots.id, quantity: 1 });

    await page.goto(`/orders/${placed.id}`);
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reorder into which PO?' });
    await dialog.waitFor();
    const newName = `Reorder of #${placed.id} – ${poName}`;
    await dialog.getByText(`"${newName}"`).waitFor();
    expect(await dialog.getByRole('radio', { name: /A new PO/ }).getAttribute('data-state')).toBe('checked');
    await dialog.getByText(`"${busy.name}"`).waitFor();
    await page.screenshot({ path: '.tmp/reorder-dialog-desktop.png' });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: '.tmp/reorder-dialog-phone.png' });
    await page.setViewportSize(DESKTOP);

    await dialog.getByRole('button', { name: 'Reorder' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The toast (a list item of the toast region), not the alert on the page that says the same.
    const toast = page.getByRole('listitem').filter({ hasText: `Added 2 lines to ${newName}` });
    await toast.waitFor();
    await page.screenshot({ path: '.tmp/reorder-toast-desktop.png' });
    await toast.getByRole('button', { name: 'View PO' }).click();
    await page.waitForURL('**/cart');
    await page.getByTestId('frame-po-name').filter({ hasText: newName }).waitFor();
    await page.getByText(withLots.name).first().waitFor();
    await page.getByText(withoutLots.name).first().waitFor();

    const carts = await api<(Cart & { totalItems: number })[]>(page, 'GET', '/api/carts');
    expect(carts.find((c) => c.name === newName)).toMatchObject({ isActive: true, totalItems: 5 });
    expect(carts.find((c) => c.id === busy.id)).toMatchObject({ totalItems: 1 });
  });
});
