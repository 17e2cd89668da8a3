import ExcelJS from 'exceljs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MERCHANDISE_COLUMNS } from '../src/common/domain/merchandise-import';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { seriousViolations } from './support/axe';
import { api, signInAs } from './support/session';

/** docs/decisions/0214: an admin finds every admin screen from the header menu; the merchandise workbook is previewed. */
const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR ?? tmpdir();

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `admin-finds-${name}.png`), fullPage: false });
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** From anywhere: the header's Admin menu, then one of its items. */
async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The list (a table on desktop, cards on phones) or its empty state, whichever is visible. */
async function notifyListShown(page: Page, text: RegExp) {
  await page.locator('main p:visible, main th:visible, main li:visible').filter({ hasText: text }).first().waitFor();
}

async function startFromRoot(page: Page) {
  await page.goto('/');
  await page.waitForURL('**/auth');
  await signInAs(page, ACCOUNTS.admin, 'Admin');
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`the admin menu (${size})`, () => {
    it('opens All Orders, the stock uploads with their history and the notify-me list', async () => {
      const { page } = await browser.open(viewport);
      await startFromRoot(page);
      // The dashboard tiles name the same screens.
      await page.getByRole('link', { name: /Notify-me Requests/ }).waitFor();
      await page.getByRole('link', { name: /Stock Uploads/ }).waitFor();
      await page.getByRole('link', { name: /All Orders/ }).waitFor();

      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Email Outbox' }).waitFor();
      await shot(page, `menu-${size}`);
      await expectAxeClean(page, `admin menu (${size})`);
      await page.getByRole('menuitem', { name: 'All Orders' }).click();
      await page.waitForURL('**/orders');
      await page.getByRole('heading', { name: 'All Orders', level: 1 }).waitFor();

      await openFromMenu(page, 'Stock Uploads');
      await page.waitForURL('**/admin/uploads');
      await page.getByRole('heading', { name: 'Stock uploads', level: 1 }).waitFor();
      await page.getByRole('button', { name: /Upload lots/i }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, `uploads-${size}`);
      await expectAxeClean(page, `stock uploads (${size})`);
      await page.getByRole('button', { name: 'Upload history' }).click();
      const history = page.getByRole('dialog', { name: 'Upload history' });
      await history.waitFor();
      await history.getByText(/No uploads yet|Loading|Applied|Cancelled|Previewed/).first().waitFor();
      await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot
      await shot(page, `history-${size}`);
      await expectAxeClean(page, `upload history (${size})`);
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'hidden' });

      // A deep link opens the history at once.
      await page.goto('/admin/uploads?show=history');
      await page.getByRole('dialog', { name: 'Upload history' }).waitFor();
      await page.keyboard.press('Escape');

      // One request to list: the admin (with an address) asks for an out-of-stock SKU.
      const me = await api<{ id: number; email: string | null }>(page, 'GET', '/api/user');
      if (!me.email) await api(page, 'PATCH', `/api/users/${me.id}`, { email: 'admin.journey@bold.test' });
      const products = await api<{ id: number; stockLevel: string }[]>(page, 'GET', '/api/products');
      const soldOut = products.find((p) => p.stockLevel === '0');
      if (soldOut) await api(page, 'PUT', `/api/products/${soldOut.id}/notify`, {});

      await openFromMenu(page, 'Notify-me Requests');
      await page.waitForURL('**/admin/notify-requests');
      await page.getByRole('heading', { name: 'Notify-me requests', level: 1 }).waitFor();
      await notifyListShown(page, soldOut ? /Asked/ : /No notify-me requests yet/);
      if (soldOut) await page.locator('main span:visible').filter({ hasText: /^Waiting for stock$/ }).first().waitFor();
      await shot(page, `notify-list-${size}`);
      await expectAxeClean(page, `notify-me list (${size})`);
      await page.getByLabel('SKU').fill('1001');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL('**/admin/notify-requests?sku=1001');
      await notifyListShown(page, /No requests match|Asked/);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, `notify-${size}`);
      await expectAxeClean(page, `notify-me requests (${size})`);
    });
  });
}

async function workbookFile(name: string, rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('labels').addRows([[...MERCHANDISE_COLUMNS], ...rows]);
  const file = join(tmpdir(), name);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

interface AdminItem {
  code: string;
  name: string;
  description: string | null;
}

describe('the merchandise workbook is previewed before it changes anything', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`previewed, cancelled (nothing changed), previewed again and confirmed (${size})`, async () => {
      const { page } = await browser.open(viewport);
      await startFromRoot(page);
      const stamp = `${size.slice(0, 1).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      const changedCode = `E2E-PRV-${stamp}`;
      const newCode = `E2E-NEW-${stamp}`;
      // One existing label, so the preview has a change with before -> after and a blank that clears a value.
      const seed = await workbookFile(`seed-${stamp}.xlsx`, [['label', changedCode, `Old Label ${stamp}`, 'Old description', 'E2E Line', '', '', 2]]);
      await openFromMenu(page, 'Manage Merchandise');
      await page.getByRole('heading', { name: 'Manage Merchandise', level: 1 }).waitFor();
      const input = page.getByLabel('Merchandise workbook (.xlsx)');
      await input.setInputFiles(seed);
      await page.getByRole('button', { name: 'Upload File' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('1 added, 0 updated (1 rows).').first().waitFor();
      const before = await api<AdminItem[]>(page, 'GET', '/api/admin/merchandise');

      const file = await workbookFile(`change-${stamp}.xlsx`, [
        ['label', changedCode, `New Label ${stamp}`, '', 'E2E Line', '', '', 2.5],
        ['label', newCode, `Added Label ${stamp}`, 'Fresh', 'E2E Line', '', '', 1],
      ]);
      await input.setInputFiles(file);
      await page.getByRole('button', { name: 'Upload File' }).click();
      const dialog = page.getByRole('dialog', { name: 'Check the merchandise workbook before it is applied' });
      await dialog.waitFor();
      await dialog.getByText(`Name "Old Label ${stamp}" → "New Label ${stamp}"`).waitFor();
      await dialog.getByText('Price 2.00 → 2.50').waitFor();
      await dialog.getByText(`${newCode}: Added Label ${stamp}`).waitFor();
      await dialog.getByText(/Description "Old description" becomes empty/).waitFor();
      await shot(page, `merch-preview-${size}`);
      await expectAxeClean(page, `merchandise preview (${size})`);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await api<AdminItem[]>(page, 'GET', '/api/admin/merchandise')).toEqual(before);

      await input.setInputFiles(file);
      await page.getByRole('button', { name: 'Upload File' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Confirm with 1 warning' }).click();
      await page.getByText('1 added, 1 updated (2 rows).').first().waitFor();
      const after = await api<AdminItem[]>(page, 'GET', '/api/admin/merchandise');
      expect(after.find((m) => m.code === changedCode)).toMatchObject({ name: `New Label ${stamp}`, description: null });
      expect(after.find((m) => m.code === newCode)).toMatchObject({ name: `Added Label ${stamp}` });
      expect(await hasHorizontalScroll(page)).toBe(false);
      await shot(page, `merch-applied-${size}`);
    });
  }
});
