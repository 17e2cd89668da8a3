import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { seriousViolations } from './support/axe';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, useBrowser, type Session } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * Lot conflicts before submit (docs/decisions/0209): a one-lot line larger than any lot keeps Place
 * Order disabled with the reason on the line and beside the button; the line's "Order 1,310" and
 * "Allow mixed lots" buttons fix it; a mixed line shows its planned split, and the placed order
 * records that split. A conflict that arises after the view is shown on the line, not in a toast.
 */
const browser = useBrowser();

// Boxed demo tiles with a price that no other journey orders (picked from the end of the list); their lots are set here.
const boxed = generateDemoProducts().filter((p) => !/each|piece/i.test(p.soldBy ?? 'Box') && /^\d+(\.\d+)?$/.test(String(p.price ?? '')));
const [oneLotTile, mixedTile, raceTile] = [boxed.at(-11)!, boxed.at(-13)!, boxed.at(-15)!];

interface LotLine {
  productId: number;
  plan: { lot: string; quantity: number }[];
}

/** A dealer of this journey's own, signed in from `/`, with a PO of one line of `quantity` boxes. */
async function dealerWithLine(admin: Page, productId: number, quantity: number, poName: string): Promise<{ session: Session; cartId: number }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const account = { username: `journey-lots-${stamp}`, password: 'Journey123' };
  const created = await api<{ id: number }>(admin, 'POST', '/api/users', { ...account, role: 'bold_customer', firstName: 'Lola', lastName: 'Journey', email: `${account.username}@example.com` });
  await api(admin, 'POST', `/api/bypass-password-reset/${created.id}`);
  const session = await browser.open();
  await session.page.goto('/');
  await signInAs(session.page, account, 'BOLD Customer');
  const cart = await api<{ id: number }>(session.page, 'POST', '/api/carts', { name: poName });
  await api(session.page, 'POST', `/api/carts/${cart.id}/items`, { productId, quantity });
  // The dashboard again: its carts, read before the PO was made through the API, are fresh enough
  // for the PO page not to read them again (its stale time), and would show the empty PO.
  await session.page.goto('/dashboard');
  await session.page.getByTestId('frame-cart-link').filter({ hasText: poName }).waitFor();
  return { session, cartId: cart.id };
}

async function setLots(admin: Page, sku: number, lots: { lot: string; shade?: string; quantity: number }[]) {
  await api(admin, 'PUT', '/api/stock/lots', { items: [{ sku, lots }] });
}

/** The PO opened from the header, as a buyer does. */
async function openPo(page: Page) {
  await page.getByTestId('frame-cart-link').click();
  await page.getByText('Order Summary').waitFor().catch(async (error: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'lot-open-po-failed.png'), fullPage: true });
    throw error;
  });
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });

describe('lot conflicts before submit', () => {
  it('a one-lot line larger than any lot disables Place Order with the reason; "Order 1,310" fixes it and the order is placed', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    await setLots(admin, oneLotTile.id, [
      { lot: 'L2400A', shade: 'S1', quantity: 1310 },
      { lot: 'L2410B', shade: 'S2', quantity: 900 },
      { lot: 'L2420C', shade: 'S3', quantity: 182 },
    ]);
    const { session } = await dealerWithLine(admin, oneLotTile.id, 1500, `Lot conflict ${Date.now().toString(36)}`);
    const { page } = session;
    await openPo(page);

    // On the line: why, and the two fixes as buttons.
    const conflict = page.locator('#lot-conflict-' + oneLotTile.id);
    await conflict.getByText('No single lot has 1,500 boxes; the largest is 1,310 (L2400A). Order 1,310, or allow mixed lots.').waitFor();
    await conflict.getByRole('button', { name: 'Order 1,310' }).waitFor();
    await conflict.getByRole('button', { name: 'Allow mixed lots' }).waitFor();
    // Beside the button: which line, linked; the button is disabled and described by that note.
    const blockers = page.getByTestId('place-order-blockers');
    await blockers.getByText('Place Order waits for 1 line').waitFor();
    await blockers.getByRole('link', { name: oneLotTile.name }).waitFor();
    expect(await placeOrder(page).getAttribute('aria-disabled')).toBe('true');
    expect(await placeOrder(page).getAttribute('aria-describedby')).toBe('place-order-blockers');
    // Pressing it (from the keyboard: it stays in the tab order) places nothing; it brings the line's first fix into focus.
    await placeOrder(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Order 1,310');
    expect((await api<{ orders: unknown[] }>(page, 'GET', '/api/orders')).orders).toHaveLength(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(tmpdir(), 'lot-conflict-desktop.png'), fullPage: true });
    await expectAxeClean(page, 'the PO with a lot conflict at 1280x860');
    await page.setViewportSize(PHONE);
    await conflict.getByRole('button', { name: 'Order 1,310' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'lot-conflict-phone.png'), fullPage: true });
    await expectAxeClean(page, 'the PO with a lot conflict at 390x844');
    await page.setViewportSize(DESKTOP);

    // The link in the note scrolls to the line and focuses its fix.
    await blockers.getByRole('link', { name: oneLotTile.name }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Order 1,310');

    await conflict.getByRole('button', { name: 'Order 1,310' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: `Quantity of ${oneLotTile.name}`, exact: true }).inputValue()).toBe('1310');
    await page.getByTestId('planned-split').getByText('1,310 from L2400A').waitFor();
    await blockers.waitFor({ state: 'detached' });
    expect(await placeOrder(page).getAttribute('aria-disabled')).toBeNull();
    await placeOrder(page).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();
    await page.locator('table').getByText(/^Lot L2400A: 1,310 boxes/).waitFor();
  });

  it('"Allow mixed lots" shows the planned split, and the placed order records the same split', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    await setLots(admin, mixedTile.id, [
      { lot: 'M2400A', shade: 'S1', quantity: 1310 },
      { lot: 'M2410B', shade: 'S2', quantity: 900 },
    ]);
    const { session, cartId } = await dealerWithLine(admin, mixedTile.id, 1500, `Mixed lots ${Date.now().toString(36)}`);
    const { page } = session;
    await openPo(page);
    const conflict = page.locator('#lot-conflict-' + mixedTile.id);
    await conflict.getByRole('button', { name: 'Allow mixed lots' }).click();
    await page.getByText('Mixed lots allowed').waitFor();
    const split = page.getByTestId('planned-split');
    await split.getByText('1,310 from M2400A + 190 from M2410B').waitFor();
    const planned = (await api<{ lines: LotLine[] }>(page, 'GET', `/api/carts/${cartId}/lots`)).lines.find((l) => l.productId === mixedTile.id)!.plan;
    expect(await placeOrder(page).getAttribute('aria-disabled')).toBeNull();
    await page.screenshot({ path: join(tmpdir(), 'lot-mixed-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await split.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'lot-mixed-phone.png'), fullPage: true });
    await expectAxeClean(page, 'the PO with a mixed line at 390x844');
    await page.setViewportSize(DESKTOP);

    await placeOrder(page).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const id = Number(/\/orders\/(\d+)\/placed$/.exec(page.url())![1]);
    const lines = page.locator('table');
    await lines.getByText(/^Lot M2400A: 1,310 boxes/).waitFor();
    await lines.getByText(/^Lot M2410B: 190 boxes/).waitFor();
    const order = await api<{ items: { productId: number; allocations: { lot: string; quantity: number }[] }[] }>(page, 'GET', `/api/orders/${id}`);
    expect(order.items.find((i) => i.productId === mixedTile.id)!.allocations).toEqual(planned);
  });

  it('stock taken between the view and Place Order: nothing is ordered and the line says why, not a toast', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    await setLots(admin, raceTile.id, [
      { lot: 'R2400A', quantity: 300 },
      { lot: 'R2410B', quantity: 120 },
    ]);
    const { session } = await dealerWithLine(admin, raceTile.id, 250, `Race ${Date.now().toString(36)}`);
    const { page } = session;
    await openPo(page);
    await page.getByTestId('planned-split').getByText('250 from R2400A').waitFor();

    // Another order takes most of R2400A while the dealer reads the PO (the office's count says 200 left).
    await setLots(admin, raceTile.id, [
      { lot: 'R2400A', quantity: 200 },
      { lot: 'R2410B', quantity: 120 },
    ]);
    await placeOrder(page).click();
    const conflict = page.locator('#lot-conflict-' + raceTile.id);
    await conflict.getByText(/no single lot has 250 boxes; the largest is 200 \(R2400A\)\. Nothing was ordered/).waitFor();
    await conflict.getByRole('button', { name: 'Order 200' }).waitFor();
    await page.getByTestId('place-order-blockers').getByRole('link', { name: raceTile.name }).waitFor();
    expect(await page.getByText('Error submitting order').count()).toBe(0);
    expect(page.url()).toMatch(/\/cart$/);
    expect((await api<{ orders: unknown[] }>(page, 'GET', '/api/orders')).orders).toHaveLength(0);
    // The refusal we provoked shows in the console as a failed load, once.
    const refusal = session.errors.findIndex((e) => /status of 409/.test(e));
    expect(refusal).toBeGreaterThanOrEqual(0);
    session.errors.splice(refusal, 1);
    await conflict.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'lot-race-desktop.png') });

    await conflict.getByRole('button', { name: 'Allow mixed lots' }).click();
    await page.getByTestId('planned-split').getByText('200 from R2400A + 50 from R2410B').waitFor();
    await placeOrder(page).click();
    await page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();
  });
});
