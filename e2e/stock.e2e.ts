import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser, type Session } from './support/browser';

const browser = useBrowser();

async function signInTo(page: Page, account: { username: string; password: string }, path: string, role?: RegExp) {
  await page.goto(path);
  await page.waitForURL('**/auth');
  await signIn(page, account);
  if (role) {
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: role }).click();
  }
  await page.waitForURL(`**${path}`);
}

/** The 400 of a rejected upload is the answer we provoke; any other console error still fails the test. */
function forgiveRejectedUpload(session: Session) {
  const index = session.errors.findIndex((e) => /status of 400/.test(e));
  if (index >= 0) session.errors.splice(index, 1);
}

describe('Check Stock', () => {
  it('lets a salesperson search "12x24 matte", open a row and read stock in boxes and square feet', async () => {
    const { page } = await browser.open();
    await signInTo(page, ACCOUNTS.salesperson, '/stock');
    await page.getByRole('heading', { name: 'BOLD Stock Check' }).waitFor();
    await page.getByText(/^[\d,]+ products$/).waitFor();

    await page.getByLabel('Search', { exact: true }).fill('12x24 matte');
    // The search explains itself: a size chip and a finish chip.
    await page.getByRole('button', { name: 'Format 12x24 (remove from the search)' }).waitFor();
    await page.getByRole('button', { name: 'Finish Matte (remove from the search)' }).waitFor();
    await page.getByText(/^Showing [\d,]+ of [\d,]+ products$/).waitFor();

    const rows = page.locator('table tbody tr[aria-rowindex]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const texts = await rows.allInnerTexts();
    for (const text of texts.slice(0, 10)) {
      expect(text).toContain('12x24');
      expect(text).toContain('Matte');
    }

    // An in-stock row: its SKU button opens it.
    const inStock = page.getByRole('button', { name: '1001', exact: true });
    await inStock.click();
    await expect.poll(() => inStock.getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator('td[id*="detail"]');
    await detail.getByText(/^[\d,]+ Boxes$/).waitFor();
    await detail.getByText(/[\d,]+\.\d\d sq ft/).first().waitFor();
    await detail.getByText('15.5 sq ft per box').waitFor();
    // The opened row shows the price to salespeople too (only the cart hides it).
    await detail.getByText(/^\$[\d,]+\.\d\d/).first().waitFor();
    await detail.getByLabel('Quantity (boxes)').waitFor();

    // One row open at a time; opening another closes the first.
    await page.getByRole('button', { name: '1101', exact: true }).click();
    await expect.poll(() => inStock.getAttribute('aria-expanded')).toBe('false');

    // Removing a chip takes its word out of the search.
    await page.getByRole('button', { name: 'Finish Matte (remove from the search)' }).click();
    await expect.poll(() => page.getByLabel('Search', { exact: true }).inputValue()).toBe('12x24');

    // The search survives a reload (it lives in the URL).
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('12x24');
    await page.reload();
    await expect.poll(() => page.getByLabel('Search', { exact: true }).inputValue()).toBe('12x24');
  });

  it('lists the SKU ranges shortly after the rows, and one narrows the rows (ADR 0200)', async () => {
    const { page } = await browser.open();
    await signInTo(page, ACCOUNTS.dealer, '/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    const ranges = page.getByLabel('SKU range');
    await expect.poll(() => ranges.locator('option').count()).toBeGreaterThan(1);
    const range = await ranges.locator('option').nth(1).getAttribute('value');
    await ranges.selectOption(range!);
    await page.getByText(/^Showing [\d,]+ of [\d,]+ products$/).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.size).toBeGreaterThan(0);
  });

  it('fits a phone without sideways scrolling and opens rows as cards', async () => {
    const { page } = await browser.open(PHONE);
    await signInTo(page, ACCOUNTS.dealer, '/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByLabel('Search', { exact: true }).fill('hex');
    await page.getByRole('button', { name: /^Text “hexagon mosaic”/ }).waitFor();
    const first = page.locator('ul[aria-label="Stock"] li button[aria-expanded]').first();
    await first.click();
    await page.getByText(/per piece/).first().waitFor();
    // Dealers see prices.
    await page.getByText('Price', { exact: true }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('offers both readings of a word naming a line and a colour, and narrows to the one picked', async () => {
    const { page } = await browser.open(PHONE);
    await signInTo(page, ACCOUNTS.dealer, '/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    const search = page.getByLabel('Search', { exact: true });
    await search.fill('mosaics');
    await page.getByRole('button', { name: /^Text “mosaic”/ }).waitFor();
    await search.fill('driftw');
    await page.getByRole('button', { name: 'Line Coastal Driftwood (search this only)' }).waitFor();
    await page.getByRole('button', { name: 'Color Driftwood (search this only)' }).click();
    await expect.poll(() => search.inputValue()).toBe('color:driftw');
    await page.getByRole('button', { name: /^Color Driftwood \(remove from the search\)/ }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('lets an admin upload a CSV with one bad row and read that row\'s message; nothing is imported', async () => {
    const session = await browser.open();
    const { page } = session;
    await signInTo(page, ACCOUNTS.admin, '/stock', /^Admin/);
    await page.getByText(/^[\d,]+ products$/).waitFor();
    // Admins see the SKU coloured by stock state, with its word.
    await page.getByRole('button', { name: /^1000 (In stock|Low|Out|Special order|Fabrication)$/ }).waitFor();

    const csv = ['id,stockLevel', '1000,7', '10O1,5', '1002,9'].join('\n');
    await page.locator('input[name=stock-file]').setInputFiles({ name: 'morning.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const panel = page.getByRole('alert').filter({ hasText: 'Please fix the following issues:' });
    await panel.getByText('Row 3: Invalid SKU number (10O1)').waitFor();
    forgiveRejectedUpload(session);

    // Nothing changed: SKU 1000 does not show 7 boxes.
    await page.getByRole('button', { name: /^Dismiss$/ }).click();
    await page.getByLabel('Search', { exact: true }).fill('1000');
    await page.getByRole('button', { name: /^1000 / }).click();
    await page.locator('td[id*="detail"]').waitFor();
    expect(await page.locator('td[id*="detail"]').getByText('7 Boxes', { exact: true }).count()).toBe(0);
  });
});

describe('Product Catalog, Prices and the price list', () => {
  it('shows catalog cards with a swatch, price and stock badge, searchable by name or description', async () => {
    const { page } = await browser.open();
    await signInTo(page, ACCOUNTS.dealer, '/catalog');
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await page.getByLabel('Search by name or description').fill('porcelain slab');
    await page.getByText(/^Showing [\d,]+ of [\d,]+ products$/).waitFor();
    const card = page.locator('article').first();
    await card.getByRole('img').waitFor();
    await card.getByText(/^(In Stock|Out of Stock)$/).waitFor();
    await card.getByText(/^(\$[\d,]+\.\d\d|CALL)$/).waitFor();
    expect(await page.locator('article h2').first().innerText()).toMatch(/Slab/);
  });

  it('shows prices in a table and the price list PDF in a frame with a link to open it', async () => {
    const { page, context } = await browser.open();
    await signInTo(page, ACCOUNTS.dealer, '/prices');
    await page.getByRole('columnheader', { name: 'Per sq ft' }).waitFor();
    await page.getByRole('link', { name: /PDF/ }).click();
    await page.waitForURL('**/price-list.pdf');
    await page.getByRole('heading', { name: 'Price List' }).waitFor();
    const open = page.getByRole('link', { name: 'Open in new tab' });
    expect(await open.getAttribute('href')).toBe('/api/price-list.pdf');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await page.locator('iframe[title="BOLD price list (PDF)"]').getAttribute('src')).toBe('/api/price-list.pdf');
    const pdf = await context.request.get('/api/price-list.pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Back goes where the user came from.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/prices');
  });
});
