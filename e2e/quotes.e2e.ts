import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../src/common/domain/business-days';
import { toCents } from '../src/common/domain/money';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * A project quote from / (docs/decisions/0236, 0237): a dealer asks for 2,400 sq ft of one tile for a
 * lobby, holding one lot; the admin prices it, holds a lot and sends it; the dealer downloads the PDF,
 * accepts it and places the first phase at the quoted price, from the held lot.
 */
const browser = useBrowser();
// A boxed, priced tile with square feet per box that no other journey touches.
const tile = generateDemoProducts().filter(
  (p) => !/each|piece/i.test(p.soldBy ?? '') && /^\d+(\.\d+)?$/.test(p.coverage ?? '') && Number(p.coverage) >= 8 && toCents(p.price ?? null) !== null,
)[233]!;
const coverage = Number(tile.coverage);
const boxes = Math.ceil(Math.round(((2400 * 1.1) / coverage) * 1e6) / 1e6);

describe('a project quote', () => {
  it('from /: requested in square feet with a lot held, priced and sent, PDF downloaded, accepted, first phase ordered', async () => {
    const admin = (await browser.open(DESKTOP)).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    const stamp = Date.now().toString(36);
    // The tile's lots: one big enough for the whole job, one smaller.
    const lotCode = `QJ${stamp}`.toUpperCase();
    const lots = await admin.request.put('/api/stock/lots', {
      data: { items: [{ sku: tile.id, lots: [{ lot: lotCode, shade: 'S4', quantity: boxes + 50 }, { lot: `${lotCode}B`, shade: 'S5', quantity: 30 }] }] },
      headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' },
    });
    expect(lots.status(), await lots.text()).toBe(200);
    const company = await api<{ id: number }>(admin, 'POST', '/api/companies', { name: `Quote Journey ${stamp}` });
    const username = `journey-quote-${stamp}`;
    const buyer = await api<{ id: number }>(admin, 'POST', `/api/companies/${company.id}/buyers/new`, {
      username,
      password: 'Journey123',
      firstName: 'Robin',
      lastName: 'Quote',
      email: `${username}@example.com`,
      companyRole: 'buyer',
    });
    await api(admin, 'POST', `/api/bypass-password-reset/${buyer.id}`);
    // The job site is a saved ship-to location of the company: the first phase ships there (docs/decisions/0242).
    const site = await api<{ id: number }>(admin, 'POST', `/api/companies/${company.id}/locations`, {
      name: 'Harbor Hotel site',
      contactName: 'Ana Site',
      phone: '207-555-0100',
      street: '1 Pier Rd',
      city: 'Portland',
      state: 'ME',
      zip: '04101',
    });

    // The dealer, on a phone, from /.
    const { page } = await browser.open(PHONE);
    await page.goto('/');
    await signInAs(page, { username, password: 'Journey123' }, 'BOLD Customer');
    await page.getByRole('link', { name: /Project Quotes/ }).click();
    await page.waitForURL('**/quotes');
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.getByLabel('Project name').fill('Harbor Hotel lobby');
    await page.getByLabel('Contractor').fill('Coast Builders');
    await page.getByLabel('Site address').fill('1 Pier Rd, Portland');
    await page.getByLabel('SKU').fill(String(tile.id));
    await page.getByLabel('Quantity in').selectOption('sqft');
    await page.getByLabel('Area (sq ft)').fill('2400');
    await page.getByLabel('Waste %').fill('10');
    await page.getByLabel('Hold one lot').check();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'quotes-phone-request.png'), fullPage: true });
    await page.getByRole('button', { name: 'Request quote' }).click();
    await page.waitForURL(/\/quotes\/\d+$/);
    const quoteId = Number(page.url().split('/').at(-1));
    await page.getByText('Requested', { exact: true }).first().waitFor();
    await page.getByText(`${boxes} Boxes for 2400.00 sq ft + 10% waste`).waitFor();

    // The admin prices it, holds the big lot and sends it.
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/quotes');
    await admin.getByRole('link', { name: `Q-${quoteId}` }).waitFor();
    await admin.screenshot({ path: join(tmpdir(), 'quotes-desktop-list.png'), fullPage: true });
    await admin.getByRole('link', { name: `Q-${quoteId}` }).click();
    await admin.waitForURL(`**/quotes/${quoteId}`);
    const price = (Math.round(toCents(tile.price!)! * 0.85) / 100).toFixed(2);
    await admin.getByLabel('Quoted price').fill(price);
    await admin.getByLabel('Lot to hold').selectOption({ label: `${lotCode} shade S4: ${boxes + 50} free` });
    await admin.getByLabel('Valid until').fill(addDays(todayIn(), 30));
    await admin.getByLabel('Notes on the quote').fill('Delivered in two phases');
    await admin.screenshot({ path: join(tmpdir(), 'quotes-desktop-price.png'), fullPage: true });
    await admin.getByRole('button', { name: 'Send quote' }).click();
    await admin.getByText('Quote sent to the dealer', { exact: true }).waitFor();
    await admin.getByText(`${lotCode} (${boxes} held)`).waitFor();

    // The dealer downloads the PDF, accepts, and orders the first phase.
    await page.reload();
    await page.getByText('Quoted', { exact: true }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`Q-${quoteId} Harbor Hotel lobby.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await page.getByRole('heading', { name: 'Order from this quote' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'quotes-phone-accepted.png'), fullPage: true });
    await page.getByLabel(`${tile.name} (SKU ${tile.id})`).fill('60');
    await page.getByLabel('PO reference').fill('Lobby phase 1');
    await page.getByText('Ship', { exact: true }).click();
    await page.getByLabel('Ship to').selectOption(String(site.id));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'quotes-phone-order-ship.png'), fullPage: true });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = Number(page.url().split('/').at(-1));
    const order = await api<{ poReference: string; deliveryType: string; locationId: number; items: { productId: number; quantity: number; price: string; allocations: { lot: string; quantity: number }[] }[] }>(page, 'GET', `/api/orders/${orderId}`);
    expect(order.poReference).toBe('Lobby phase 1');
    expect(order).toMatchObject({ deliveryType: 'ship', locationId: site.id });
    expect(order.items).toEqual([expect.objectContaining({ productId: tile.id, quantity: 60, price, allocations: [expect.objectContaining({ lot: lotCode, quantity: 60 })] })]);
    const quote = await api<{ status: string; lines: { quantityUsed: number; heldBoxes: number }[] }>(page, 'GET', `/api/quotes/${quoteId}`);
    await page.goto('/quotes');
    await page.getByRole('link', { name: new RegExp(`Q-${quoteId} Harbor Hotel lobby`) }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'quotes-phone-list.png'), fullPage: true });
    expect(quote).toMatchObject({ status: 'accepted', lines: [{ quantityUsed: 60, heldBoxes: boxes - 60 }] });

    // The contractor slips: the admin extends the quote and its hold, past 90 days first (refused, said why).
    await admin.goto(`/quotes/${quoteId}`);
    await admin.getByRole('heading', { name: 'Extend the quote and its held lots' }).waitFor();
    await admin.getByLabel('New valid-until date').fill(addDays(todayIn(), 120));
    await admin.getByRole('button', { name: 'Extend quote' }).click();
    await admin.getByText('Valid until must be at most 90 days from today', { exact: true }).waitFor();
    await admin.screenshot({ path: join(tmpdir(), 'quotes-desktop-extend-refused.png'), fullPage: true });
    const later = addDays(todayIn(), 60);
    await admin.getByLabel('New valid-until date').fill(later);
    await admin.getByRole('button', { name: 'Extend quote' }).click();
    await admin.getByRole('status').filter({ hasText: `Quote Q-${quoteId} is now valid until` }).waitFor();
    await admin.screenshot({ path: join(tmpdir(), 'quotes-desktop-extended.png'), fullPage: true });
    const extended = await api<{ validUntil: string; lines: { holdExpiresAt: string | null }[] }>(admin, 'GET', `/api/quotes/${quoteId}`);
    expect(extended.validUntil).toBe(later);
    expect(extended.lines[0]!.holdExpiresAt?.slice(0, 10)).toBe(later);
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalScroll(admin)).toBe(false);
    await admin.screenshot({ path: join(tmpdir(), 'quotes-phone-extended.png'), fullPage: true });
  });
});
