import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOT_MESSAGES } from '../src/common/domain/lots';
import { demoLots } from '../src/server/db/demo-data/lots';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { seriousViolations } from './support/axe';
import { api } from './support/session';

const browser = useBrowser();

// A boxed, priced demo tile with a description that no other journey uploads over.
const tile = generateDemoProducts().filter((p) => p.description && p.price && p.pricePerSqft && /^\d+$/.test(p.stockLevel ?? ''))[137]!;
// A demo tile with shade lots (its stock is their sum); this journey only previews a file for it.
const LOTS = demoLots(generateDemoProducts(), new Date()).lots;
const lotTile = { id: LOTS[LOTS.length - 3]!.productId };
const STAMP = Date.now();
const BLANKS_NAME = `blanks-${STAMP}.csv`;
const REJECTED_NAME = `rejected-${STAMP}.csv`;
// The stock template filled in with id and stockLevel only: every other cell of the row is blank.
const HEADER = 'id,name,collection,line,size,color,finish,soldBy,description,price,imageUrl,stockLevel,coverage,pricePerSqft,quantityOnOrder';
const BLANKS_CSV = `${HEADER}\n${tile.id},,,,,,,,,,,7,,,\n`;
const REJECTED_CSV = `id,stockLevel,price\n${tile.id},-5,abc\nabc,3,1\n`;

async function chooseStockFile(page: Page, name: string, csv: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /^Upload( CSV)?$/ }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

async function expectNoAxeFindings(page: Page, where: string) {
  const found = await seriousViolations(page);
  expect(found.map((f) => `${where}: ${f.rule} ${f.help} -> ${f.targets.join(' | ')}`).join('\n')).toBe('');
}

/** Both sizes: no serious axe finding, no sideways scroll on the phone, a screenshot of each. */
async function lookAtBothSizes(page: Page, what: string) {
  await expectNoAxeFindings(page, `${what} @1280`);
  await page.screenshot({ path: `/tmp/h3/${what}-desktop.png` });
  await page.setViewportSize(PHONE);
  // The layout settles after the resize (the dialog re-centres): poll rather than read once.
  await expect.poll(() => hasHorizontalScroll(page), { timeout: 3000 }).toBe(false);
  await expectNoAxeFindings(page, `${what} @390`);
  await page.screenshot({ path: `/tmp/h3/${what}-phone.png` });
  await page.setViewportSize(DESKTOP);
}

describe('uploads tell the truth (docs/decisions/0211)', () => {
  it('from /: the stock file with blank cells shows its wipe warnings before Confirm; Cancel changes nothing; a refused file is in the history with its problems', async () => {
    const session = await browser.open();
    const { page } = session;
    await page.goto('/');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Check Stock/ }).click();
    await page.getByText(/^[\d,]+ products$/).waitFor();
    const catalogueBefore = (await api<{ id: number }[]>(page, 'GET', '/api/products')).find((p) => p.id === tile.id);

    await chooseStockFile(page, BLANKS_NAME, BLANKS_CSV);
    const dialog = page.getByRole('dialog', { name: 'Check the stock file before it is applied' });
    await dialog.waitFor();
    // The warnings come first, counted, and each says what the blank would clear, before -> after.
    await dialog.getByText(/^\d+ warnings: check them before you confirm$/).waitFor();
    const cleared = dialog.getByRole('region', { name: /^Blank cells that clear a field/ });
    await cleared.getByText(`Row 2 (SKU ${tile.id}): description "${tile.description}" → empty (blank cell)`).waitFor();
    await cleared.getByText(`Row 2 (SKU ${tile.id}): price $${tile.price} → CALL (blank cell)`).waitFor();
    await cleared.getByText(`Row 2 (SKU ${tile.id}): price per sq ft $${tile.pricePerSqft} → $3.99 (blank cell)`).waitFor();
    // Confirm is not the only prominent choice: it says how many warnings it applies.
    const confirm = dialog.getByRole('button', { name: /^Confirm with \d+ warnings$/ });
    await confirm.waitFor();
    await lookAtBothSizes(page, 'stock-preview-warnings');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const catalogueAfter = (await api<{ id: number }[]>(page, 'GET', '/api/products')).find((p) => p.id === tile.id);
    expect(catalogueAfter, 'Cancel changes nothing').toEqual(catalogueBefore);

    // A file with errors is refused, and the history says so with its problems in row order.
    await chooseStockFile(page, REJECTED_NAME, REJECTED_CSV);
    await page.getByText('Upload Failed').first().waitFor();
    // The refusal is the 400 this journey provokes on purpose: exactly one.
    const refusal = session.errors.findIndex((e) => /status of 400/.test(e));
    expect(refusal).toBeGreaterThanOrEqual(0);
    session.errors.splice(refusal, 1);
    await page.getByRole('button', { name: 'Upload history' }).click();
    const history = page.getByRole('dialog', { name: 'Upload history' });
    const entry = history.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: REJECTED_NAME }).first();
    await entry.getByText('Rejected: 2 problems. Nothing was changed.').waitFor();
    await entry.getByText('Show the problems').click();
    const problems = entry.getByRole('list', { name: `Problems of ${REJECTED_NAME}` });
    expect(await problems.getByRole('listitem').allInnerTexts()).toEqual([
      `Row 2 (SKU ${tile.id}): Stock level cannot be negative (-5)`,
      'Row 3: Invalid SKU number (abc)',
    ]);
    const blanks = history.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: BLANKS_NAME }).first();
    await blanks.getByText('Cancelled').waitFor();
    await lookAtBothSizes(page, 'upload-history-rejected');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    // An incoming file with a US date, a past ETA and a load of 0 boxes: read, with two warnings before Confirm.
    const incoming = `sku,quantity,eta,stage,reference\n${tile.id},30,1/15/2020,in_transit,E2E-PAST\n${tile.id},0,12/20/2030,ordered,E2E-ZERO\n`;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /incoming$/i }).click()]);
    await chooser.setFiles({ name: `incoming-${STAMP}.csv`, mimeType: 'text/csv', buffer: Buffer.from(incoming) });
    const loads = page.getByRole('dialog', { name: 'Check the incoming file before it is applied' });
    await loads.waitFor();
    await loads.getByText('2 warnings: check them before you confirm').waitFor();
    await loads.getByText(`Row 2 (SKU ${tile.id}): eta "1/15/2020" is in the past; the load is still shown as arriving`).waitFor();
    await loads.getByRole('button', { name: 'Confirm with 2 warnings' }).waitFor();
    await lookAtBothSizes(page, 'incoming-preview-warnings');
    await loads.getByRole('button', { name: 'Cancel' }).click();
    await loads.waitFor({ state: 'detached' });

    // A SKU with shade lots: its stock is their sum, so the file's level is not applied, and the preview
    // says so instead of listing a change the confirm would not make (docs/decisions/0186).
    const lotSum = LOTS.filter((l) => l.productId === lotTile.id).reduce((sum, l) => sum + (l.quantity ?? 0), 0);
    await chooseStockFile(page, `lot-sku-${STAMP}.csv`, `id,stockLevel\n${lotTile.id},${lotSum + 500}\n`);
    const lotPreview = page.getByRole('dialog', { name: 'Check the stock file before it is applied' });
    // The earlier refused file's toast is gone: it never sits over the next file's preview.
    await lotPreview.waitFor();
    expect(await page.getByText('Upload Failed').count()).toBe(0);
    await lotPreview.getByText(`Row 2 (SKU ${lotTile.id}): ${LOT_MESSAGES.fileLevelIsLotSum(String(lotSum + 500), String(lotSum))}`).waitFor();
    expect(await lotPreview.getByText(/^Changed \(/).count(), 'no change is listed').toBe(0);
    await lookAtBothSizes(page, 'stock-preview-lot-sku');
    await lotPreview.getByRole('button', { name: 'Cancel' }).click();
    await lotPreview.waitFor({ state: 'detached' });
  });
});
