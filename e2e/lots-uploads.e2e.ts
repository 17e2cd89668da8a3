import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { seriousViolations } from './support/axe';
import { api } from './support/session';

const browser = useBrowser();

// A boxed demo tile with stock that no other journey uses; this journey gives it lots.
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 100 && !/each|piece/i.test(p.soldBy ?? ''))[91]!;
const FILE_NAME = `lots-e2e-${Date.now()}.csv`;
const LOTS_CSV = `sku,lot,shade,caliber,warehouse,quantity\n${tile.id},UPL-A,S7,C1,Main,44\n${tile.id},UPL-B,S8,C1,,26\n`;

interface Availability {
  lots: { lot: string; quantity: number }[];
}

/** Picks the file through the button, as the admin does (a file chooser, not a hidden input). */
async function chooseLotsFile(page: Page) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload lots' }).click()]);
  await chooser.setFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(LOTS_CSV) });
  const dialog = page.getByRole('dialog', { name: 'Check the lots file before it is applied' });
  await dialog.waitFor();
  return dialog;
}

async function expectNoAxeFindings(page: Page, where: string) {
  const found = await seriousViolations(page);
  expect(found.map((f) => `${where}: ${f.rule} ${f.help} -> ${f.targets.join(' | ')}`).join('\n')).toBe('');
}

describe('lots file upload with preview (ADR 0196)', () => {
  it('from /: the admin previews a lots file, cancels (nothing changed), previews again, confirms, sees the lots on the row and in the history', async () => {
    const { page } = await browser.open();
    await page.goto('/');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Check Stock/ }).click();
    await page.getByText(/^[\d,]+ products$/).waitFor();
    const before = await api<Availability>(page, 'GET', `/api/products/${tile.id}/availability`);

    // The preview says what the file would do, and nothing has changed yet.
    let dialog = await chooseLotsFile(page);
    await dialog.getByText(`${FILE_NAME}: 2 rows for 1 SKU.`, { exact: false }).waitFor();
    const changes = dialog.getByRole('region', { name: /^SKUs whose lots change/ });
    await changes.getByText('Added UPL-A · shade S7 · caliber C1 · Main: 44 boxes').waitFor();
    await dialog.getByRole('region', { name: /^Stock levels that change/ }).getByText(String(tile.id), { exact: true }).waitFor();
    await expectNoAxeFindings(page, 'lots preview @1280');
    await page.screenshot({ path: '.tmp/lots-upload-preview-desktop.png' });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoAxeFindings(page, 'lots preview @390');
    await page.screenshot({ path: '.tmp/lots-upload-preview-phone.png' });
    await page.setViewportSize({ width: 1280, height: 860 });

    // Cancel from the keyboard: Escape closes the dialog and cancels the upload; the lots are as before.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await api<Availability>(page, 'GET', `/api/products/${tile.id}/availability`)).toEqual(before);

    // Again, confirmed.
    dialog = await chooseLotsFile(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Lots have been updated\. 1 SKU: 2 lots added/).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The stock row shows the new lots and its level is their sum.
    await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
    await page.getByRole('button', { name: new RegExp(`^${tile.id}\\b`) }).first().click();
    const detail = page.locator('td[id*="detail"]');
    await detail.getByText('UPL-A', { exact: true }).waitFor();
    await detail.getByText('UPL-B', { exact: true }).waitFor();
    await detail.getByText('largest single lot: 44 boxes').waitFor();
    const product = (await api<{ id: number; stockLevel: string }[]>(page, 'GET', '/api/products')).find((p) => p.id === tile.id)!;
    expect(product.stockLevel).toBe('70');

    // The history holds both tries: the cancelled one and the applied one, with the file.
    await page.getByRole('button', { name: 'Upload history' }).click();
    const history = page.getByRole('dialog', { name: 'Upload history' });
    await history.getByLabel('Show').selectOption('lots');
    const entries = history.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: FILE_NAME });
    await entries.first().getByText('Applied').waitFor();
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(1).innerText()).toContain('Cancelled');
    expect(await entries.first().innerText()).toContain('1 SKU, 2 lots added');
    await expectNoAxeFindings(page, 'upload history @1280');
    await page.screenshot({ path: '.tmp/lots-upload-history-desktop.png' });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectNoAxeFindings(page, 'upload history @390');
    await page.screenshot({ path: '.tmp/lots-upload-history-phone.png' });
    const download = await page.request.get((await entries.first().getByRole('link', { name: /^Download / }).getAttribute('href'))!);
    // The history keeps the rows as read (ADR 0204): the blank warehouse is the default it was read as.
    expect(await download.text()).toBe(LOTS_CSV.replace(',C1,,26', ',C1,Main,26'));
  });
});
