import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { quickAddProducts } from '../src/common/domain/quick-add';
import { parseStockLevel } from '../src/common/domain/stock-level';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, hasHorizontalScroll, PHONE, signIn, useBrowser } from './support/browser';
import { api } from './support/session';

/** Journeys (ADR 0189, 0190), each starting from `/`. */
const browser = useBrowser();

interface Cart {
  id: number;
  name: string;
  isActive: boolean;
  totalItems: number;
  items: { productId: number; quantity: number }[];
}

const demo = generateDemoProducts().map((p) => ({ ...p, id: p.id!, name: p.name!, soldBy: p.soldBy ?? 'Box', stockLevel: p.stockLevel ?? '0', line: p.line ?? null, size: p.size ?? null }));
const plenty = demo.filter((p) => /^\d+$/.test(p.stockLevel) && Number(p.stockLevel) > 200 && !/each/i.test(p.soldBy));

async function startAt(page: Page, account: { username: string; password: string }, role?: 'BOLD Customer') {
  await page.goto('/');
  await page.waitForURL('**/auth');
  await signIn(page, account);
  if (role) {
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: new RegExp(`^${role}`) }).click();
  }
  await page.waitForURL('**/dashboard');
}

const carts = (page: Page) => api<Cart[]>(page, 'GET', '/api/carts');

/** A PO list with only the default PO, emptied: each journey starts from the same place whatever ran before. */
async function onlyDefaultPo(page: Page): Promise<Cart> {
  for (const cart of await carts(page)) if (!cart.isActive) await api(page, 'DELETE', `/api/carts/${cart.id}`);
  const active = (await carts(page)).find((c) => c.isActive)!;
  await api(page, 'DELETE', `/api/carts/${active.id}/all-items`);
  return active;
}

describe('bulk adds add what they can', () => {
  // Twenty quick-add tiles of one line and size, all in stock in the demo catalogue.
  const twenty = quickAddProducts(demo).filter((p) => p.line === 'Nordic Oak' && p.size === '8x48');
  const short = twenty.at(-1)!;

  it('a 20-product Quick Add with one short product adds 19 and names the one', async () => {
    expect(twenty).toHaveLength(20);
    const { page } = await browser.open();
    await startAt(page, ACCOUNTS.poSalesperson);
    const cart = await onlyDefaultPo(page);
    // The short tile's whole stock is already in the sample order: none of it is left to add.
    const all = parseStockLevel(short.stockLevel).maxQuantity;
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: short.id, quantity: all });

    await page.getByRole('link', { name: /Quick Add to Sample Cart/ }).click();
    await page.waitForURL('**/quick-add');
    await page.getByRole('group', { name: 'Line' }).getByRole('button', { name: 'Nordic Oak', exact: true }).click();
    await page.getByRole('group', { name: 'Format' }).getByRole('button', { name: '8x48', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Add all shown products' }).click();
    await page.getByRole('button', { name: 'Add Selected (20)' }).click();

    await page.getByText(/^Added 19 products to Sample Order #\d+\. 1 could not be added\.$/).first().waitFor();
    const report = page.getByTestId('bulk-add-report');
    await report.getByText(/19 added to Sample Order #\d+; 1 not added in full:/).waitFor();
    await report.getByText(`${short.name}: Your PO already holds all ${all} in stock`).waitFor();
    const after = (await carts(page)).find((c) => c.id === cart.id)!;
    expect(after.items).toHaveLength(20);
    expect(after.totalItems).toBe(19 + all);
  });
});

describe('the active PO', () => {
  const tile = plenty[7]!;

  it('a new PO receives the next add, and the frame and the toast name it', async () => {
    const { page } = await browser.open();
    await startAt(page, ACCOUNTS.poDealer, 'BOLD Customer');
    await onlyDefaultPo(page);
    await page.goto('/cartselect');
    await page.getByRole('button', { name: 'Create New PO' }).first().click();
    await page.getByLabel('PO name').fill('Job 4471 - Smith kitchen');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // Creating a cart goes to /cart; it is the one you work on.
    await page.waitForURL('**/cart');
    await expect.poll(() => page.getByTestId('frame-po-name').textContent()).toBe('Job 4471 - Smith kitchen');

    await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
    await page.getByRole('button', { name: String(tile.id), exact: true }).click();
    const detail = page.locator('td[id*="detail"]');
    await detail.getByTestId('add-target').getByText('Job 4471 - Smith kitchen').waitFor();
    await detail.getByLabel(/^Quantity/).fill('12');
    await detail.getByRole('button', { name: 'Add to PO' }).click();
    await page.getByText(`Added 12 boxes of ${tile.name} to Job 4471 - Smith kitchen`).first().waitFor();

    const after = await carts(page);
    expect(after.find((c) => c.name === 'Job 4471 - Smith kitchen')).toMatchObject({ isActive: true, totalItems: 12 });
    expect(after.find((c) => /^Purchase Order \d+$/.test(c.name))).toMatchObject({ isActive: false, totalItems: 0 });

    // Switched from the frame: the next add goes to the other PO.
    await page.getByTestId('frame-po-menu').click();
    await page.getByRole('menuitemradio', { name: /^Purchase Order \d+/ }).click();
    await expect.poll(() => page.getByTestId('frame-po-name').textContent()).toMatch(/^Purchase Order \d+$/);
  });

  it('a placed PO leaves Current POs and the other PO becomes the active one', async () => {
    const { page } = await browser.open();
    await startAt(page, ACCOUNTS.poDealer, 'BOLD Customer');
    const other = await onlyDefaultPo(page);
    await api(page, 'POST', `/api/carts/${other.id}/items`, { productId: plenty[9]!.id, quantity: 1 });
    const placing = await api<Cart>(page, 'POST', '/api/carts', { name: 'Job 5120 - Lee bathroom' });
    await api(page, 'POST', `/api/carts/${placing.id}/items`, { productId: tile.id, quantity: 2 });

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    await page.goto('/cartselect');
    await page.getByRole('cell', { name: `${other.name} Current` }).waitFor();
    expect(await page.getByText('Job 5120 - Lee bathroom').count()).toBe(0);
    await expect.poll(() => page.getByTestId('frame-po-name').textContent()).toBe(other.name);
    const after = await carts(page);
    expect(after.map((c) => c.name)).toEqual([other.name]);
    expect(after[0]).toMatchObject({ id: other.id, isActive: true });
  });
});

describe('the quick order pad', () => {
  it('a dealer pastes 30 lines with 3 bad ones: 27 go into the PO, the 3 are named', async () => {
    const { page } = await browser.open(PHONE);
    await startAt(page, ACCOUNTS.poDealer, 'BOLD Customer');
    const cart = await onlyDefaultPo(page);
    const good = plenty.slice(20, 47);
    const special = demo.find((p) => parseStockLevel(p.stockLevel).kind === 'special_order')!;
    const lines = good.map((p, i) => `${p.id} ${(i % 3) + 1}`);
    lines.splice(5, 0, 'abc 2');
    lines.splice(12, 0, '99999999 1');
    lines.splice(20, 0, `${special.id} 1`);
    expect(lines).toHaveLength(30);

    await page.getByRole('link', { name: /Quick Order/ }).click();
    await page.waitForURL('**/quick-order');
    await page.getByLabel('SKU and quantity, one per line').fill(lines.join('\n'));
    await page.getByText(/30 lines checked · 3 with a problem/).waitFor();
    await page.getByTestId('quick-order-add').click();
    await page.getByText(/^Added 27 products to Purchase Order \d+\.$/).first().waitFor();
    const checked = page.getByRole('list', { name: 'Checked lines' });
    expect(await checked.getByText('Added', { exact: true }).count()).toBe(27);
    await checked.getByText('SKU must be a number').waitFor();
    await checked.getByText('No product with this SKU').waitFor();
    await checked.getByText('Special order only').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const after = (await carts(page)).find((c) => c.id === cart.id)!;
    expect(after.items).toHaveLength(27);
    expect(after.totalItems).toBe(good.reduce((sum, _p, i) => sum + (i % 3) + 1, 0));
  });
});
