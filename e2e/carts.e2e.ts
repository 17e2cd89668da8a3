import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDateOf } from '../src/common/domain/business-days';
import { CART_LIMIT_MESSAGES, MAX_CARTS_PER_USER } from '../src/common/domain/cart-limits';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();

// Demo catalogue items with plenty of stock, so repeated runs never hit a stock limit.
const inStock = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200);
const tile = inStock[3]!;
const otherTile = inStock[40]!;

interface Cart {
  id: number;
  name: string;
  isActive: boolean;
  totalItems: number;
}

async function activeCart(page: Page): Promise<Cart> {
  const carts = await api<Cart[]>(page, 'GET', '/api/carts');
  const active = carts.find((c) => c.isActive);
  expect(active).toBeDefined();
  return active!;
}

/** Setup for journeys about the cart itself; the stock-row add has its own journey above. */
async function addToActiveCart(page: Page, productId: number, quantity: number): Promise<Cart> {
  const cart = await activeCart(page);
  await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId, quantity });
  return cart;
}

describe('sample orders (salesperson)', () => {
  it('adds, continues to order details, picks a date, submits and sees the cart empty', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.salesperson);
    const cart = await activeCart(page);
    await api(page, 'DELETE', `/api/carts/${cart.id}/all-items`);

    // The add from the stock row (Stock Check).
    await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
    const sku = page.getByRole('button', { name: String(tile.id), exact: true });
    await sku.click();
    const detail = page.locator('td[id*="detail"]');
    await detail.getByLabel(/^Quantity/).fill('2');
    await detail.getByRole('button', { name: 'Add to Sample Order' }).click();
    await page.getByText('Item Added').first().waitFor();
    await detail.getByText('Added to Sample Order').waitFor();

    await page.goto('/dashboard');
    // Counted in products (docs/guide.md "Words we use"): one SKU, two boxes.
    await page.getByText('1 product', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^Sample Order/ }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Current Sample Order' }).waitFor();
    await page.getByText('Order Summary').waitFor();
    await page.getByText(`SKU ${tile.id}`, { exact: true }).waitFor();
    // Salespeople see no prices and cannot switch carts.
    expect(await page.getByText('Place Order').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Switch or create/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/order-details');
    const submit = page.getByRole('button', { name: 'Submit Sample Order' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('Please allow at least three business days').waitFor();

    await page.getByLabel('Order Notes').fill('E2E: please call before delivery');
    await page.getByText('Ship', { exact: true }).click();
    await page.getByText('Requested Arrival Date').waitFor();
    // docs/decisions/0210: a shipped sample order needs its ship-to (this account's profile has no store).
    const shipTo = page.getByRole('group', { name: 'Ship to' });
    await shipTo.getByLabel('Store or company').fill('E2E Showroom');
    await shipTo.getByLabel('Contact name').fill('Sam Journey');
    await shipTo.getByLabel('Phone').fill('714-555-0100');
    await shipTo.getByLabel('Street address').fill('1 Main St');
    await shipTo.getByLabel('City').fill('Irvine');
    await shipTo.getByLabel('State').fill('CA');
    await shipTo.getByLabel('ZIP code').fill('92618');
    const { today, earliest } = await api<{ today: string; earliest: string }>(page, 'GET', '/api/orders/requested-dates');
    // Today is never selectable.
    const todayButton = page.getByRole('button', { name: new RegExp(format(localDateOf(today), 'EEEE, MMMM d, yyyy')) });
    if ((await todayButton.count()) > 0) expect(await todayButton.first().isDisabled()).toBe(true);
    const earliestName = new RegExp(format(localDateOf(earliest), 'EEEE, MMMM d, yyyy'));
    if (earliest.slice(0, 7) !== today.slice(0, 7) && (await page.getByRole('button', { name: earliestName }).count()) === 0) {
      await page.getByRole('button', { name: /next month/i }).click();
    }
    await page.getByRole('button', { name: earliestName }).click();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();

    await page.getByText('Sample Order Submitted').first().waitFor();
    await page.waitForURL('**/dashboard');
    await page.goto('/cart');
    await page.getByText(/^This (PO|sample order) is empty$/).waitFor();

    await page.goto('/orders');
    const row = page.getByRole('row').filter({ hasText: 'Sample Order' }).first();
    await row.getByText('Submitted').waitFor();
    await row.getByRole('link').click();
    await page.waitForURL(/\/orders\/\d+$/);
    await page.getByRole('cell', { name: tile.name!, exact: true }).waitFor();
    await page.getByText('E2E: please call before delivery').waitFor();
    await page.getByText('Requested Arrival Date').waitFor();
  });
});

describe('purchase orders (dealer)', () => {
  it('creates a second PO, works on it at once, places it, lands on its confirmation, Current POs no longer list it, and sees it in /orders alone', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.dealer, 'BOLD Customer');
    await page.getByRole('link', { name: /Work on another PO/ }).click();
    await page.waitForURL('**/cartselect');
    await page.getByRole('heading', { name: 'Current POs' }).waitFor();

    const name = `E2E PO ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Create New PO' }).click();
    const dialog = page.getByRole('dialog');
    // Create stays disabled while the name is blank.
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByPlaceholder('Enter PO name').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByPlaceholder('Enter PO name').fill(`  ${name}  `);
    await dialog.getByRole('button', { name: 'Create' }).click();
    // A new PO becomes the one you work on (ADR 0189): Create opens it on /cart.
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Current Purchase Order' }).waitFor();
    await page.getByTestId('frame-po-name').filter({ hasText: name }).waitFor();
    await page.getByText(/^This (PO|sample order) is empty$/).waitFor();

    const cart = await addToActiveCart(page, otherTile.id, 3);
    expect(cart.name).toBe(name);
    await page.reload();
    await page.getByText('Order Summary').waitFor();
    await page.getByText('Total').waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    // Place Order lands on the order's confirmation (docs/decisions/0208).
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();
    // The page's own facts name the PO (the header may still name it until the carts are read again).
    await page.getByRole('main').getByText(name, { exact: true }).waitFor();
    // A placed PO leaves Current POs (ADR 0189).
    await page.goto('/cartselect');
    await page.getByRole('heading', { name: 'Current POs' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: name }).count()).toBe(0);

    await page.goto('/orders');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Submitted').waitFor();
    const href = await row.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/orders\/\d+$/);

    // Another user never sees it.
    const other = await browser.open();
    await signInAs(other.page, ACCOUNTS.otherSalesperson);
    await other.page.goto('/orders');
    await other.page.getByRole('heading', { name: 'Order History' }).waitFor();
    await other.page.waitForLoadState('networkidle');
    expect(await other.page.getByText(name).count()).toBe(0);
    await other.page.goto(href!);
    await other.page.getByText('Order not found').waitFor();
  });

  it('says in the Create New PO dialog that the 50 POs are used up (ADR 0179)', async () => {
    const session = await browser.open();
    const { page } = session;
    await signInAs(page, ACCOUNTS.dealer, 'BOLD Customer');
    const existing = await api<Cart[]>(page, 'GET', '/api/carts');
    const made: number[] = [];
    try {
      for (let i = existing.length; i < MAX_CARTS_PER_USER; i++) {
        made.push((await api<Cart>(page, 'POST', '/api/carts', { name: `E2E cap ${Date.now().toString(36)} ${i}` })).id);
      }
      await page.goto('/cartselect');
      await page.getByRole('heading', { name: 'Current POs' }).waitFor();
      // One page holds them all.
      await page.getByRole('button', { name: /^Select / }).nth(MAX_CARTS_PER_USER - 1).waitFor();
      await page.getByRole('button', { name: 'Create New PO' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByPlaceholder('Enter PO name').fill('One too many');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByRole('alert').getByText(CART_LIMIT_MESSAGES.tooMany).waitFor();
      expect(await page.getByRole('cell', { name: 'One too many', exact: true }).count()).toBe(0);
      // The refusal we provoked shows in the console as a failed load, once.
      const index = session.errors.findIndex((e) => /status of 409/.test(e));
      expect(index).toBeGreaterThanOrEqual(0);
      session.errors.splice(index, 1);
    } finally {
      for (const id of made) await api(page, 'DELETE', `/api/carts/${id}`);
    }
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { page } = await browser.open(PHONE);
    await signInAs(page, ACCOUNTS.dealer, 'BOLD Customer');
    await addToActiveCart(page, tile.id, 1);
    for (const path of ['/cart', '/cartselect', '/orders']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await hasHorizontalScroll(page), path).toBe(false);
    }
    await page.goto('/cart');
    await page.getByText('Order Summary').waitFor();
    await page.getByRole('button', { name: 'Clear PO' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear PO' }).click();
    await page.getByText(/^This (PO|sample order) is empty$/).waitFor();
  });
});
