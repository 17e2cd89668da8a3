import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../src/common/domain/money';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * A rep orders for an assigned dealer from a phone (docs/decisions/0235, docs/guide.md "Ordering for
 * a dealer"): the dealer's contract price, both names on the order, in the dealer's history and in
 * the confirmation email.
 */
const browser = useBrowser();
// A boxed, priced tile with plenty of stock that no other journey orders.
const tile = generateDemoProducts().filter(
  (p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 300 && !/each|piece/i.test(p.soldBy ?? '') && toCents(p.price ?? null) !== null,
)[173]!;
const contract = fromCents(Math.round(toCents(tile.price ?? null)! * 0.85));
const money = (price: string) => `$${Number(price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('a rep orders for a dealer', () => {
  it('from / on a phone: picks the dealer, orders 40 boxes at its contract price; the buyer sees "Placed by" and the email names both', async () => {
    const adminSession = await browser.open();
    const admin = adminSession.page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    const stamp = Date.now().toString(36);
    const company = await api<{ id: number; name: string }>(admin, 'POST', '/api/companies', { name: `Garcia Tile ${stamp}`, accountNumber: `GT-${stamp}` });
    const code = `RP-${stamp}`;
    const list = await admin.request.put(`/api/price-lists/${code}`, { data: { name: `Rep Journey ${stamp}` }, headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' } });
    const { list: created } = (await list.json()) as { list: { id: number } };
    await admin.request.put(`/api/price-lists/${code}/entries`, {
      data: { entries: [{ sku: tile.id, price: contract, minQuantity: 1 }] },
      headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' },
    });
    await api(admin, 'POST', `/api/admin/price-lists/${created.id}/assignments`, { companyId: company.id, priority: 10 });
    // Two shade lots: the job's 40 boxes fit in the first alone.
    await api(admin, 'PUT', '/api/stock/lots', {
      items: [{ sku: tile.id, lots: [{ lot: `REP-A-${stamp}`, shade: 'S5', caliber: 'C1', quantity: 45 }, { lot: `REP-B-${stamp}`, shade: 'S6', caliber: 'C1', quantity: 30 }] }],
    });
    const buyerName = `journey-rep-buyer-${stamp}`;
    const buyer = await api<{ id: number }>(admin, 'POST', `/api/companies/${company.id}/buyers/new`, {
      username: buyerName,
      password: 'Journey123',
      firstName: 'Rosa',
      lastName: 'Garcia',
      email: `${buyerName}@example.com`,
      companyRole: 'buyer',
    });
    await api(admin, 'POST', `/api/bypass-password-reset/${buyer.id}`);
    const repName = `journey-rep-${stamp}`;
    const rep = await api<{ id: number }>(admin, 'POST', '/api/users', { username: repName, password: 'Journey123', role: 'salesperson', firstName: 'Jane', lastName: 'Rep', email: `${repName}@example.com` });
    await api(admin, 'POST', `/api/bypass-password-reset/${rep.id}`);

    // The admin assigns the rep with a CSV on /admin/companies: a bad row is named and assigns nothing,
    // then the good file is previewed and confirmed.
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/admin/companies');
    await admin.getByRole('button', { name: 'Upload Rep Assignments' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Upload Rep Assignments' });
    const csv = (rows: string) => ({ name: 'reps.csv', mimeType: 'text/csv', buffer: Buffer.from(`username,accountNumber\n${rows}\n`) });
    await dialog.getByLabel('CSV file').setInputFiles(csv(`${repName},GT-${stamp}\nnobody-${stamp},GT-${stamp}`));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText(`No user named nobody-${stamp}`).waitFor();
    // That refusal is the 400 we asked for; any other console error still fails the journey.
    const refusal = adminSession.errors.findIndex((e) => /status of 400/.test(e));
    expect(refusal).toBeGreaterThanOrEqual(0);
    adminSession.errors.splice(refusal, 1);
    await dialog.getByLabel('CSV file').setInputFiles(csv(`${repName},GT-${stamp}`));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('cell', { name: 'Assign', exact: true }).waitFor();
    await admin.screenshot({ path: join(tmpdir(), 'reps-desktop-upload-preview.png') });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('1 assigned, 0 already were.').first().waitFor();

    // The admin's company page lists the assigned rep.
    await admin.goto(`/admin/companies/${company.id}`);
    await admin.getByRole('list', { name: 'Sales reps' }).getByText('Jane Rep').waitFor();
    await admin.screenshot({ path: join(tmpdir(), 'reps-desktop-company.png'), fullPage: true });

    // The rep, on a phone, from /.
    const started = Date.now();
    const { page } = await browser.open(PHONE);
    await page.goto('/');
    await page.waitForURL('**/auth');
    await signIn(page, { username: repName, password: 'Journey123' });
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Order for a dealer' }).click();
    await page.getByRole('button', { name: new RegExp(company.name) }).click();
    const banner = page.getByRole('status').filter({ hasText: `Ordering for ${company.name} as Jane Rep` });
    await banner.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'reps-phone-acting.png') });

    // 40 boxes of one lot from the tile's /stock row, at the dealer's contract price, then placed from the PO.
    await page.goto('/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    await page.getByLabel('Search', { exact: true }).fill(String(tile.id));
    // A phone lists cards: the card's button is named by its SKU followed by the rest of the card.
    const open = page.getByRole('button', { name: new RegExp(`^SKU ${tile.id}(?!\\d)`) }).filter({ visible: true });
    await open.click();
    await expect.poll(() => open.getAttribute('aria-expanded')).toBe('true');
    await page.getByText(`REP-A-${stamp}`, { exact: true }).filter({ visible: true }).waitFor();
    await page.getByTestId('dealer-price').filter({ visible: true }).getByText(money(contract)).first().waitFor();
    const add = page.getByTestId('stock-add').filter({ visible: true });
    await expect.poll(() => add.getByLabel(/^Quantity/).isEnabled()).toBe(true);
    await add.getByLabel(/^Quantity/).fill('40');
    await add.getByRole('button', { name: 'Add to PO' }).click();
    await page.getByText('Added to PO').filter({ visible: true }).first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'reps-phone-stock-row.png'), fullPage: true });
    await page.goto('/cart');
    await page.getByText('Order Summary').waitFor();
    await page.getByRole('switch', { name: 'One lot: all boxes from one shade' }).waitFor();
    expect(await page.getByRole('switch', { name: 'One lot: all boxes from one shade' }).getAttribute('aria-checked')).toBe('true');
    await page.getByText(money(fromCents(toCents(contract)! * 40))).first().waitFor();
    await banner.waitFor();
    await page.screenshot({ path: join(tmpdir(), 'reps-phone-po.png'), fullPage: true });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    expect(Date.now() - started).toBeLessThan(60_000);
    const orderId = Number(page.url().split('/').at(-2));
    const order = await api<{
      total: string;
      placedByRep: { name: string } | null;
      company: { name: string } | null;
      items: { productId: number; quantity: number; price: string | null; allocations?: { lot: string; quantity: number }[] }[];
    }>(
      page,
      'GET',
      `/api/orders/${orderId}`,
    );
    expect(order.items).toEqual([expect.objectContaining({ productId: tile.id, quantity: 40, price: contract })]);
    expect(order.items[0]!.allocations).toEqual([expect.objectContaining({ lot: `REP-A-${stamp}`, quantity: 40 })]);
    expect(order.placedByRep?.name).toBe('Jane Rep');
    expect(order.company?.name).toBe(company.name);

    await page.setViewportSize({ width: 1280, height: 800 });
    await banner.waitFor();
    await page.screenshot({ path: join(tmpdir(), 'reps-desktop-acting.png') });
    await page.setViewportSize(PHONE);

    // One tap to stop.
    await page.getByRole('button', { name: 'Stop ordering for them' }).click();
    await banner.waitFor({ state: 'detached' });

    // Samples to a PO: the rep's own sample order (placed after stopping) starts the dealer's PO with
    // the same tiles, one box each, from the order's page.
    const sampleCart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    await api(page, 'DELETE', `/api/carts/${sampleCart.id}/all-items`);
    await api(page, 'POST', `/api/carts/${sampleCart.id}/items`, { productId: tile.id, quantity: 2 });
    const { earliest } = await api<{ earliest: string }>(page, 'GET', '/api/orders/requested-dates');
    const sample = await api<{ id: number; kind: string }>(page, 'POST', '/api/orders', {
      cartId: sampleCart.id,
      items: [{ productId: tile.id, quantity: 2 }],
      deliveryType: 'pickup',
      requestedDate: earliest,
    });
    expect(sample.kind).toBe('sample');
    await page.goto(`/orders/${sample.id}`);
    await page.getByLabel('Start a PO for').selectOption({ label: `${company.name} (GT-${stamp})` });
    await page.getByRole('button', { name: 'Start PO with these tiles' }).click();
    await page.waitForURL('**/cart');
    await banner.waitFor();
    await page.getByText(`From sample order #${sample.id}`).first().waitFor();
    const fromSamples = (await api<{ id: number; name: string; isActive: boolean; items: { productId: number; quantity: number }[] }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    expect(fromSamples.name).toBe(`From sample order #${sample.id}`);
    expect(fromSamples.items).toEqual([expect.objectContaining({ productId: tile.id, quantity: 1 })]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(tmpdir(), 'reps-phone-samples-po.png'), fullPage: true });
    await page.getByRole('button', { name: 'Stop ordering for them' }).click();
    await banner.waitFor({ state: 'detached' });

    // The dealer's buyer sees both names in their history.
    const dealer = (await browser.open(PHONE)).page;
    await signInAs(dealer, { username: buyerName, password: 'Journey123' }, 'BOLD Customer');
    await dealer.goto('/orders');
    await dealer.getByText(`Placed by Jane Rep (BOLD) for ${company.name}`).first().waitFor();
    await dealer.screenshot({ path: join(tmpdir(), 'reps-phone-dealer-history.png'), fullPage: true });
    await dealer.setViewportSize(DESKTOP);
    await dealer.getByRole('cell', { name: `Jane Rep (BOLD) for ${company.name}` }).first().waitFor();

    // The confirmation email names both and goes to the buyer and the rep.
    const emails = await api<{ emails: { subject: string; cc: string[] }[] }>(admin, 'GET', '/api/admin/emails');
    const mail = emails.emails.find((e) => e.subject.includes(`for ${company.name} from Jane Rep (BOLD)`));
    expect(mail, JSON.stringify(emails.emails.slice(0, 3))).toBeDefined();
    expect(mail!.cc).toEqual(expect.arrayContaining([`${repName}@example.com`, `${buyerName}@example.com`]));
  });
});
