import ExcelJS from 'exceljs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { quickAddProducts } from '../src/common/domain/quick-add';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();

interface Cart {
  id: number;
  isActive: boolean;
  totalItems: number;
  items: { productId: number; quantity: number }[];
  labels: { code: string; quantity: number }[];
}

async function emptyActiveCart(page: Page): Promise<Cart> {
  const cart = (await api<Cart[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
  await api(page, 'DELETE', `/api/carts/${cart.id}/all-items`);
  return cart;
}

describe('Manage Merchandise (admin)', () => {
  it('downloads the template, uploads two filled rows and finds them on Additional Merchandise', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.admin, 'Admin');
    await page.goto('/admin/merchandise-upload');
    await page.getByRole('heading', { name: 'Manage Merchandise' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Template' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
    const stamp = Date.now().toString(36).toUpperCase();
    const display = { code: `E2E-DSP-${stamp}`, name: `E2E Tower Display ${stamp}`, category: 'E2E Displays' };
    const label = { code: `E2E-LBL-${stamp}`, name: `E2E Shelf Label ${stamp}`, line: `E2E Line ${stamp}` };
    // Replace the example rows: our two rows only.
    for (const name of ['pricelists', 'handboards']) book.getWorksheet(name)!.spliceRows(2, 1);
    book.getWorksheet('displays')!.getRow(2).values = ['display', display.code, display.name, 'Made by the e2e test', '', display.category, '', '0'];
    book.getWorksheet('labels')!.getRow(2).values = ['label', label.code, label.name, '', label.line, '', '', ''];
    const file = join(tmpdir(), `merchandise-${stamp}.xlsx`);
    await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));

    // Not an .xlsx: refused before anything is sent.
    await page.getByLabel('Merchandise workbook (.xlsx)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Please select an Excel file (.xlsx)').first().waitFor();

    await page.getByLabel('Merchandise workbook (.xlsx)').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload File' }).click();
    // docs/decisions/0214: previewed first; Confirm applies it.
    const preview = page.getByRole('dialog', { name: 'Check the merchandise workbook before it is applied' });
    await preview.getByText(display.code).waitFor();
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 added, 0 updated (2 rows).').first().waitFor();

    await page.goto('/additional-merchandise');
    await page.getByText(display.name).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${label.line}`) }).click();
    await page.getByText(label.name).waitFor();
  });

  it('sends everyone else to /', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.salesperson);
    await page.goto('/admin/merchandise-upload');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    expect(await page.getByRole('button', { name: 'Upload File' }).count()).toBe(0);
  });
});

describe('Additional Merchandise (salesperson)', () => {
  it('a line with one label has no per-line +1 All; its stepper puts the label in the cart summary', async () => {
    const { page } = await browser.open(PHONE);
    await signInAs(page, ACCOUNTS.salesperson);
    await emptyActiveCart(page);
    await page.goto('/additional-merchandise');
    await page.getByTestId('group-Calacatta Luxe').getByRole('button', { expanded: false }).first().click();
    // The demo lines have one label each, so +1 All per line would only repeat the row's +.
    expect(await page.getByRole('button', { name: '+1 All Calacatta Luxe labels' }).count()).toBe(0);
    const plus = page.getByRole('button', { name: 'Increase Quantity of Calacatta Luxe Shelf Label' });
    await plus.click();
    await page.getByTestId('group-Calacatta Luxe').getByText('1 in cart').waitFor();
    await plus.click();
    await page.getByTestId('group-Calacatta Luxe').getByText('1 in cart').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expect.poll(async () => (await activeCartLabels(page))).toEqual([{ code: 'LBL-CALACATTA-LUXE', quantity: 2 }]);
    // The sticky summary counts what is in the cart and leads on to it.
    await page.getByRole('region', { name: 'Summary' }).getByText('2 merchandise items').waitFor();

    await page.goto('/cart');
    const summary = page.getByRole('list', { name: 'Order lines' });
    await summary.getByText('Calacatta Luxe Shelf Label').waitFor();
    expect(await summary.textContent()).toContain('2 x');
  });
});

/** The active cart's labels as code and quantity. */
async function activeCartLabels(page: Page) {
  const active = (await api<Cart[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
  return active.labels.map(({ code, quantity }) => ({ code, quantity }));
}

describe('Sample Cart Quick Add', () => {
  const offered = quickAddProducts(generateDemoProducts().map((p) => ({ ...p, id: p.id!, soldBy: p.soldBy ?? 'Box', stockLevel: p.stockLevel ?? '0', line: p.line ?? null, size: p.size ?? null, name: p.name! })));
  const plenty = offered.filter((p) => /^\d+$/.test(p.stockLevel) && Number(p.stockLevel) > 200);
  const groupKey = (p: (typeof plenty)[number]) => `${p.line}|${p.size}`;
  const counts = new Map<string, number>();
  for (const p of plenty) counts.set(groupKey(p), (counts.get(groupKey(p)) ?? 0) + 1);
  const chosenGroup = [...counts].find(([, n]) => n >= 3)![0];
  const three = plenty.filter((p) => groupKey(p) === chosenGroup).slice(0, 3);
  const [pastedA, pastedB] = plenty.filter((p) => !three.includes(p)).slice(0, 2);

  it('adds three selected products and a pasted list, with the right counts', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.salesperson);
    const cart = await emptyActiveCart(page);
    await page.goto('/quick-add');
    await page.getByRole('group', { name: 'Line' }).getByRole('button', { name: three[0]!.line!, exact: true }).click();
    await page.getByRole('group', { name: 'Format' }).getByRole('button', { name: three[0]!.size!, exact: true }).click();
    for (const p of three) await page.getByRole('checkbox', { name: `Add ${p.name}`, exact: true }).click();
    await page.getByRole('button', { name: 'Increase Quantity for each selected product' }).click();
    await page.getByRole('button', { name: 'Add Selected (3)' }).click();
    await page.getByText(/^Added 3 products to Sample Order #\d+\.$/).first().waitFor();

    await page.getByLabel('Paste a list of SKUs').fill(`${pastedA!.id} 1\n${pastedB!.id},2\n${pastedA!.id}\n99999999 1`);
    await page.getByRole('button', { name: 'Add List to Cart' }).click();
    const results = page.getByRole('list', { name: 'Pasted lines' });
    await results.waitFor();
    const text = await results.textContent();
    expect(text).toContain('Merged');
    expect(text).toContain('No product with this SKU');
    expect(await results.getByText('Added', { exact: true }).count()).toBe(2);

    const after = (await api<Cart[]>(page, 'GET', '/api/carts')).find((c) => c.id === cart.id)!;
    const quantities = Object.fromEntries(after.items.map((i) => [i.productId, i.quantity]));
    expect(quantities).toEqual({
      [three[0]!.id]: 2,
      [three[1]!.id]: 2,
      [three[2]!.id]: 2,
      [pastedA!.id]: 2,
      [pastedB!.id]: 2,
    });
    expect(after.totalItems).toBe(10);
  });

  it('keeps the summary with Continue in view at the bottom of a phone, however far the list scrolls', async () => {
    const { page } = await browser.open(PHONE);
    await signInAs(page, ACCOUNTS.salesperson);
    await emptyActiveCart(page);
    await page.goto('/quick-add');
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText(/\b0 products in Sample Order #\d+/).waitFor();
    await page.getByRole('checkbox', { name: `Add ${three[0]!.name}`, exact: true }).click();
    await summary.getByText('1 selected').waitFor();
    await page.mouse.wheel(0, 4000);
    await expect.poll(async () => {
      const box = await summary.boundingBox();
      return box !== null && box.y + box.height <= PHONE.height + 1 && box.y > PHONE.height / 2;
    }).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Add Selected (1)' }).click();
    await summary.getByText(/\b1 product in Sample Order #\d+/).waitFor();
    await summary.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/cart');
  });
});
