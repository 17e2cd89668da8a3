import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { seriousViolations, type AxeFinding } from './support/axe';
import { api, signInAs } from './support/session';

/** docs/decisions/0213-words-one-glossary.md: one word per thing on carts, POs, the catalogue and stock. */
const browser = useBrowser();

interface Cart {
  id: number;
  name: string;
  isActive: boolean;
  items: { productId: number; quantity: number }[];
  displays: { code: string }[];
  labels: { code: string }[];
  priceLists: { code: string }[];
}

const demo = generateDemoProducts();
const inStock = demo.filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 400 && !/each|piece/i.test(p.soldBy ?? 'Box'));
const SHOTS = process.env.WORDS_SHOTS ?? '/tmp';

/** From `/`, as a person would: the sign-in page, then Select Role when the account has one. */
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

const activeCart = async (page: Page) => (await api<Cart[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;

/** axe at both sizes on the page as it is, and a screenshot of each. */
async function axeBothSizes(page: Page, name: string, ready: () => Promise<unknown>): Promise<AxeFinding[]> {
  const found: AxeFinding[] = [];
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.waitForTimeout(300);
    expect(await hasHorizontalScroll(page), `${name} ${size}`).toBe(false);
    await page.screenshot({ path: `${SHOTS}/words-${name}-${size}.png` });
    for (const finding of await seriousViolations(page)) found.push({ ...finding, rule: `${name} ${size}: ${finding.rule}` });
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

describe('a dealer: the default PO, the badge, search and filters', () => {
  it('starts with "Purchase Order 1", counts products in the badge, lists SKU 1002 first, keeps chips and dropdowns agreed, axe clean', async () => {
    const { page } = await browser.open();
    await startAt(page, ACCOUNTS.wordsDealer, 'BOLD Customer');
    const cart = await activeCart(page);
    expect(cart.name).toBe('Purchase Order 1');
    // Two products, 300 and 36 boxes: the badge says 2, read as "2 products in Purchase Order 1".
    await api(page, 'DELETE', `/api/carts/${cart.id}/all-items`);
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: inStock[3]!.id, quantity: 300 });
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: inStock[4]!.id, quantity: 36 });

    await page.goto('/stock');
    const badge = page.getByRole('link', { name: '2 products in Purchase Order 1' });
    await badge.waitFor();
    expect(await page.getByTestId('frame-cart-count').textContent()).toBe('2');

    // Exact SKU first: 1002, then the SKUs starting with 1002, then 11002, 21002...
    expect(demo.some((p) => p.id === 1002) && demo.some((p) => p.id === 11002)).toBe(true);
    const search = page.getByLabel('Search', { exact: true });
    await search.fill('1002');
    const firstSku = page.locator('table tbody tr[aria-rowindex="2"] td').first();
    await expect.poll(() => firstSku.textContent()).toBe('1002');

    // Chips and dropdowns are one state: the search's format shows in the Format dropdown...
    await search.fill('12x24');
    const format = page.getByLabel('Format', { exact: true });
    await expect.poll(() => format.inputValue()).toBe('12x24');
    await page.getByRole('button', { name: 'Format 12x24 (remove from the search)' }).waitFor();
    // ...a dropdown's choice is a chip, and removing the chip empties the dropdown...
    const color = page.getByLabel('Color', { exact: true });
    const someColor = (await color.locator('option').nth(1).textContent())!;
    await color.selectOption(someColor);
    const colorChip = page.getByRole('button', { name: `Color ${someColor} (remove from the search)` });
    await colorChip.waitFor();
    const stockFindings = await axeBothSizes(page, 'stock', () => colorChip.waitFor());
    await colorChip.click();
    await expect.poll(() => color.inputValue()).toBe('');
    // ...and choosing in a dropdown replaces the search's words for that facet.
    const otherFormat = (await format.locator('option').filter({ hasNotText: /^(All formats|12x24)$/ }).first().textContent())!;
    await format.selectOption(otherFormat);
    await expect.poll(() => search.inputValue()).toBe('');
    await page.getByRole('button', { name: `Format ${otherFormat} (remove from the search)` }).waitFor();

    await page.goto('/catalog');
    const catalogFindings = await axeBothSizes(page, 'catalog', () => page.locator('article').first().waitFor());

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear PO' }).waitFor();
    const cartFindings = await axeBothSizes(page, 'cart', () => page.getByRole('button', { name: 'Clear PO' }).waitFor());

    await page.goto('/cartselect');
    await page.getByRole('columnheader', { name: 'Products' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/words-cartselect-desktop.png` });

    expect([...stockFindings, ...catalogFindings, ...cartFindings]).toEqual([]);
  });
});

describe('a salesperson: the sample order', () => {
  it('removes a display with its own button (with Undo), fits the header on a phone, and keeps the date notice neutral', async () => {
    const { page } = await browser.open();
    await startAt(page, ACCOUNTS.wordsSalesperson);
    const cart = await activeCart(page);
    await api(page, 'DELETE', `/api/carts/${cart.id}/all-items`);
    await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: inStock[5]!.id, quantity: 2 });
    await api(page, 'PUT', `/api/carts/${cart.id}/merchandise/display/DSP-WALL-02`, { quantity: 1 });
    await api(page, 'PUT', `/api/carts/${cart.id}/merchandise/label/LBL-CALACATTA-LUXE`, { quantity: 2 });
    await api(page, 'PUT', `/api/carts/${cart.id}/merchandise/pricelist/PL-GEN-01`, { quantity: 3 });

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear sample order' }).waitFor();
    // Every merchandise list has a labelled remove, not only handboards.
    for (const list of ['Displays', 'Labels', 'Price Lists']) {
      await page.getByRole('region', { name: list }).getByRole('button', { name: /^Remove / }).waitFor();
    }
    const cartFindings = await axeBothSizes(page, 'sample-cart', () => page.getByRole('button', { name: 'Clear sample order' }).waitFor());
    await page.getByRole('button', { name: 'Remove Slab Vignette Frame' }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Slab Vignette Frame was removed.' });
    await toast.waitFor();
    await expect.poll(async () => (await activeCart(page)).displays.length).toBe(0);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await activeCart(page)).displays.map((d) => d.code)).toEqual(['DSP-WALL-02']);
    await page.getByRole('button', { name: 'Remove Slab Vignette Frame' }).click();
    await expect.poll(async () => (await activeCart(page)).displays.length).toBe(0);

    // Phone: the header's sample order button fits (icon and count), its name is read in full.
    await page.setViewportSize(PHONE);
    const link = page.getByRole('link', { name: /^3 products in Sample Order #\d+$/ });
    await link.waitFor();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/words-sample-cart-after-phone.png` });

    // Phone: opening a stock row brings Add to Sample Order into view.
    await page.goto('/stock');
    await page.getByLabel('Search', { exact: true }).fill(String(inStock[40]!.id));
    // Phones list cards: the card's button opens the row.
    await expect.poll(() => page.locator('li button[aria-expanded]').count()).toBe(1);
    await page.locator('li button[aria-expanded]').first().click();
    const add = page.getByRole('button', { name: 'Add to Sample Order' });
    await add.waitFor();
    const addBox = (await add.boundingBox())!;
    expect(addBox.y + addBox.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: `${SHOTS}/words-stock-open-phone.png` });

    // The three-days notice is a neutral hint before anything is wrong.
    await page.setViewportSize(DESKTOP);
    await page.goto('/order-details');
    const notice = page.getByTestId('requested-date-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBeNull();
    expect(await notice.getAttribute('class')).not.toContain('destructive');
    const checkoutFindings = await axeBothSizes(page, 'order-details', () => notice.waitFor());

    expect([...cartFindings, ...checkoutFindings]).toEqual([]);
  });
});

describe('an admin: one name per filter on All Orders and its export', () => {
  it('says Type, Placed by, Placed from and Placed to on the list and in the export dialog, axe clean', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.admin, 'Admin');
    await page.goto('/orders');
    for (const label of ['Type', 'Placed by', 'Placed from', 'Placed to']) await page.getByLabel(label, { exact: true }).waitFor();
    const listFindings = await axeBothSizes(page, 'all-orders', () => page.getByLabel('Placed by', { exact: true }).waitFor());
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Orders' });
    await dialog.waitFor();
    for (const label of ['Type', 'Placed by', 'Placed from', 'Placed to']) await dialog.getByLabel(label, { exact: true }).waitFor();
    expect(await dialog.getByText('Kind', { exact: true }).count()).toBe(0);
    const dialogFindings = await axeBothSizes(page, 'export-orders', () => dialog.waitFor());
    expect([...listFindings, ...dialogFindings]).toEqual([]);
  });
});

