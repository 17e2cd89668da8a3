import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { formatMonthDay } from '../src/common/domain/format-date';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();

// A boxed demo tile with stock that no other journey orders; its lots are set here.
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 100 && !/each|piece/i.test(p.soldBy ?? ''))[77]!;
const eta = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

async function openStockRow(page: Page) {
  await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
  await page.getByRole('button', { name: String(tile.id), exact: true }).click();
  return page.locator('td[id*="detail"]');
}

describe('shade lots', () => {
  it('shows a dealer the lots and next arrival, warns before a one-lot order, and shows the lots on the order', async () => {
    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    await api(admin.page, 'PUT', '/api/stock/lots', {
      items: [{ sku: tile.id, lots: [{ lot: 'E2E-A', shade: 'S3', caliber: 'C2', quantity: 55 }, { lot: 'E2E-B', shade: 'S4', caliber: 'C2', quantity: 30 }] }],
    });
    await api(admin.page, 'PUT', '/api/stock/incoming', { items: [{ sku: tile.id, incoming: [{ quantity: 120, eta, stage: 'on_vessel', reference: 'CONT-E2E' }] }] });

    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.dealer, 'BOLD Customer');
    const before = await api<{ orders: { id: number }[] }>(page, 'GET', '/api/orders');

    const detail = await openStockRow(page);
    await detail.getByText('largest single lot: 55 boxes').waitFor();
    await detail.getByText('E2E-A', { exact: true }).waitFor();
    await detail.getByText(`120 boxes arriving about ${formatMonthDay(eta)} (on vessel)`).waitFor();
    await detail.getByLabel(/^Quantity/).fill('60');
    await detail.getByText('No single lot has 60 boxes; the largest is 55 (E2E-A). Order 55, or allow mixed lots.').waitFor();
    await detail.getByRole('button', { name: 'Add to PO' }).click();
    await detail.getByText('Added to PO').waitFor();

    await page.goto('/cart');
    const warning = page.getByRole('alert').filter({ hasText: 'No single lot has 60 boxes' });
    await warning.waitFor();
    await page.getByRole('switch', { name: 'One lot: all boxes from one shade' }).click();
    await page.getByText('Mixed lots allowed').waitFor();
    await warning.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();

    // The newest order, placed just now.
    const { orders } = await api<{ orders: { id: number }[] }>(page, 'GET', '/api/orders');
    const placed = orders.find((o) => !before.orders.some((b) => b.id === o.id));
    expect(placed).toBeDefined();
    await page.goto(`/orders/${placed!.id}`);
    await page.locator('li:visible').filter({ hasText: 'Lot E2E-A: 55 boxes (shade S3, caliber C2, Main)' }).first().waitFor();
    await page.locator('li:visible').filter({ hasText: 'Lot E2E-B: 5 boxes (shade S4, caliber C2, Main)' }).first().waitFor();
    await page.screenshot({ path: '.tmp/lots-order-desktop.png', fullPage: true });

    // Phone: the order detail with its lots fits without sideways scrolling.
    await page.setViewportSize(PHONE);
    await page.locator('li:visible').filter({ hasText: 'Lot E2E-A: 55 boxes (shade S3, caliber C2, Main)' }).first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: '.tmp/lots-order-phone.png', fullPage: true });
  });
});
