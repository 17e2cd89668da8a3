import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, useBrowser } from './support/browser';
import { seriousViolations, type AxeFinding } from './support/axe';
import { api, signInAs } from './support/session';

/**
 * Axe-core finds no serious or critical violation on any signed-in
 * page, at desktop and phone sizes, including with the PO menu, a dialog and the
 * date picker open. Each finding is reported with its page and size so a failure
 * names what to fix.
 */
const browser = useBrowser();
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200)[14]!;

const ADMIN_PAGES = [
  '/dashboard',
  '/profile',
  '/users',
  '/admin/password-reset',
  '/admin/announcements',
  '/stock',
  '/prices',
  '/catalog',
  '/files',
  '/orders',
  '/admin/merchandise-upload',
  '/admin/closed-days',
  '/admin/activity-logs',
  '/admin/api-tokens',
  '/admin/webhooks',
  '/admin/emails',
  '/admin/uploads',
  '/admin/notify-requests',
  '/role-select',
];
const SALES_PAGES = ['/dashboard', '/stock', '/catalog', '/quick-add', '/additional-merchandise', '/cart', '/orders', '/files', '/profile'];
const DEALER_PAGES = ['/dashboard', '/stock', '/prices', '/catalog', '/quick-order', '/cart', '/cartselect', '/orders', '/files', '/profile'];

type Found = AxeFinding & { where: string };

/** Waits for every finite animation (a dialog opening, a menu closing) to end before a scan. */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

async function scan(page: Page, where: string, found: Found[]) {
  // The page has settled: no skeleton or loading text left.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? ''), undefined, { timeout: 5_000 }).catch(() => undefined);
  for (const finding of await seriousViolations(page)) found.push({ ...finding, where });
  if (process.env.AXE_LOG) console.log(where, found.length);
}

async function scanPages(page: Page, pages: string[], label: string, found: Found[]) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await scan(page, `${label} ${path} @${size.width}`, found);
    }
  }
}

function report(found: Found[]) {
  return found.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.help} -> ${f.targets.join(' | ')}`).join('\n');
}

// Many pages at two sizes each: a few minutes on a busy two-core machine.
describe('accessibility (axe-core, serious and critical)', { timeout: 600_000 }, () => {
  it('the sign-in page, signed out, at desktop and phone sizes', async () => {
    const { page } = await browser.open();
    const found: Found[] = [];
    await scanPages(page, ['/auth'], 'signed out', found);
    expect(report(found)).toBe('');
  });

  it('the admin’s pages at desktop and phone sizes', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.admin, 'Admin');
    const found: Found[] = [];
    await scanPages(page, ADMIN_PAGES, 'admin', found);
    expect(report(found)).toBe('');
  });

  it('the salesperson’s pages, an order detail and the checkout with its date picker open', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.salesperson);
    const found: Found[] = [];
    await scanPages(page, SALES_PAGES, 'sales', found);

    const carts = await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts');
    await api(page, 'POST', `/api/carts/${carts.find((c) => c.isActive)!.id}/items`, { productId: tile.id, quantity: 1 });
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/order-details');
      await page.getByText('Ship', { exact: true }).click();
      await page.getByText('Requested Arrival Date').waitFor();
      await scan(page, `sales /order-details with the date picker @${size.width}`, found);
    }
    expect(report(found)).toBe('');
  });

  it('the dealer’s pages, with the PO menu and the new-PO dialog open', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.dealer, 'BOLD Customer');
    const found: Found[] = [];
    await scanPages(page, DEALER_PAGES, 'dealer', found);

    const carts = await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts');
    await api(page, 'POST', `/api/carts/${carts.find((c) => c.isActive)!.id}/items`, { productId: tile.id, quantity: 1 });
    const order = await api<{ id: number }>(page, 'POST', '/api/orders', {});
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`/orders/${order.id}`);
      await page.getByText(`Order #${order.id}`).first().waitFor();
      await scan(page, `dealer /orders/${order.id} @${size.width}`, found);
      // Reorder's dialog (loaded on first use, docs/decisions/0208) and the confirmation page.
      await page.getByRole('button', { name: 'Reorder' }).click();
      await page.getByRole('dialog', { name: 'Reorder into which PO?' }).waitFor();
      await settleAnimations(page);
      await scan(page, `dealer /orders/${order.id} reorder dialog @${size.width}`, found);
      await page.keyboard.press('Escape');
      await page.goto(`/orders/${order.id}/placed`);
      await page.getByRole('link', { name: /Open order/ }).or(page.getByRole('button', { name: /Open order/ })).first().waitFor();
      await scan(page, `dealer /orders/${order.id}/placed @${size.width}`, found);

      await page.goto('/cart');
      const menu = page.getByRole('button', { name: /Switch or create/ });
      if ((await menu.count()) > 0) {
        await menu.first().click();
        await page.getByRole('menu').waitFor();
        await scan(page, `dealer /cart PO menu open @${size.width}`, found);
        await page.keyboard.press('Escape');
      }
      // The header's PO menu and its Create New PO dialog, both loaded on first use (ADR 0199).
      await page.getByTestId('frame-po-menu').click();
      await page.getByRole('menu').waitFor();
      await scan(page, `dealer header PO menu open @${size.width}`, found);
      await page.getByRole('menuitem', { name: 'Create New PO' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New PO' });
      await dialog.waitFor();
      // Scanned once its opening animation (and the menu's closing one) has finished.
      await settleAnimations(page);
      await scan(page, `dealer header new-PO dialog @${size.width}`, found);
      await page.keyboard.press('Escape');
      await page.goto('/cartselect');
      const create = page.getByRole('button', { name: /Create New PO/ });
      await create.first().click();
      await page.getByRole('dialog').waitFor();
      await scan(page, `dealer /cartselect new-PO dialog @${size.width}`, found);
      await page.keyboard.press('Escape');
    }
    expect(report(found)).toBe('');
  });
});
