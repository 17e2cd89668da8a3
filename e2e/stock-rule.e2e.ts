import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/common/domain/format';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();

/**
 * A boxed demo tile with a counted level and no lots (demo lots go to every 20th boxed tile with
 * stock, src/server/db/demo-data/lots.ts), that no other journey orders.
 */
const boxed = generateDemoProducts().filter((p) => !/each|piece/i.test(p.soldBy ?? 'Box'));
const tile = boxed.filter((p, i) => i % 20 !== 0 && /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 20 && Number(p.stockLevel) < 900)[313]!;

async function openRow(page: Page) {
  const row = page.getByRole('button', { name: String(tile.id), exact: true });
  await row.click();
  await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
  return page.locator('td[id*="detail"]');
}

/** A client-side move, as a link in the app makes: the page and its query cache stay. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('one stock rule (docs/decisions/0207)', () => {
  it('a SKU without lots goes down on the stock page after an order', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.stockDealer, 'BOLD Customer');
    const { onHand, lots } = await api<{ onHand: number; lots: unknown[] }>(page, 'GET', `/api/products/${tile.id}/availability`);
    expect(lots).toEqual([]);

    await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
    let detail = await openRow(page);
    await detail.getByText(`${formatCount(onHand)} Boxes`, { exact: true }).waitFor();
    await detail.getByLabel(/^Quantity/).fill('3');
    await detail.getByRole('button', { name: 'Add to PO' }).click();
    await detail.getByText('Added to PO').waitFor();

    // The cart and back inside the app (no reload), so the stock page's catalogue is the one it already read.
    await navigateInApp(page, '/cart');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();

    await navigateInApp(page, `/stock?sku=${skuBucketOf(tile.id)}`);
    detail = await openRow(page);
    await detail.getByText(`${formatCount(onHand - 3)} Boxes`, { exact: true }).waitFor();
    const after = await api<{ onHand: number }>(page, 'GET', `/api/products/${tile.id}/availability`);
    expect(after.onHand).toBe(onHand - 3);
  });
});
