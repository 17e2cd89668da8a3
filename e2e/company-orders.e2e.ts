import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/**
 * Company orders (docs/decisions/0233): two buyers of one company see each other's orders with
 * "Placed by"; checkout to a saved location; a requester's PO approved by the company admin and placed.
 * Companies and their buyers are made through the companies module's admin API (docs/decisions/0230).
 */
const browser = useBrowser();
const tiles = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200 && !/each|piece/i.test(p.soldBy ?? ''));
const tile = tiles[163]!;

async function post(page: Page, path: string, data: unknown) {
  return page.request.post(path, { data, headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' } });
}

async function fillActivePo(page: Page, quantity: number) {
  const cart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
  await api(page, 'POST', `/api/carts/${cart.id}/items`, { productId: tile.id, quantity });
  return cart.id;
}

describe('company orders and approvals', () => {
  it('from /: buyers see the company’s orders with who placed them; checkout to a saved location; a requester’s PO approved and placed', async () => {
    const admin = (await browser.open()).page;
    await signInAs(admin, ACCOUNTS.admin, 'Admin');
    const stamp = Date.now().toString(36);
    const created = await post(admin, '/api/companies', { name: `Journey Orders ${stamp}` });
    expect(created.status(), await created.text()).toBe(200);
    const companyId = ((await created.json()) as { id: number }).id;
    await api(admin, 'POST', `/api/companies/${companyId}/locations`, {
      name: 'Journey Showroom',
      contactName: 'Jo Journey',
      phone: '714-555-0199',
      street: '12 Journey Way',
      city: 'Irvine',
      state: 'CA',
      zip: '92618',
      isDefault: true,
    });
    const people = { approver: 'Avery', buyer: 'Blake', requester: 'Robin' } as const;
    const accounts = {} as Record<keyof typeof people, { username: string; password: string }>;
    for (const [key, firstName] of Object.entries(people) as [keyof typeof people, string][]) {
      const username = `journey-co-${key}-${stamp}`;
      const buyer = await api<{ id: number }>(admin, 'POST', `/api/companies/${companyId}/buyers/new`, {
        username,
        password: 'Journey123',
        firstName,
        lastName: 'Journey',
        email: `${username}@example.com`,
        companyRole: key === 'approver' ? 'admin' : key,
      });
      await api(admin, 'POST', `/api/bypass-password-reset/${buyer.id}`);
      accounts[key] = { username, password: 'Journey123' };
    }

    // A buyer places a PO shipped to the company's saved location (preselected).
    const buyer = (await browser.open()).page;
    await buyer.goto('/');
    await signInAs(buyer, accounts.buyer, 'BOLD Customer');
    await fillActivePo(buyer, 2);
    await buyer.getByTestId('frame-cart-link').click();
    await buyer.getByText('Order Summary').waitFor();
    await buyer.getByText('Share with your company').waitFor();
    await buyer.getByLabel('Ship', { exact: true }).check();
    const showroom = buyer.getByRole('radio', { name: /Journey Showroom/ });
    await showroom.waitFor();
    expect(await showroom.isChecked()).toBe(true);
    await buyer.screenshot({ path: join(tmpdir(), 'company-orders-desktop-checkout.png'), fullPage: true });
    await buyer.getByRole('button', { name: 'Place Order' }).click();
    await buyer.waitForURL(/\/orders\/\d+\/placed$/);
    const placedId = Number(buyer.url().split('/').at(-2));
    const placed = await api<{ locationId: number | null; shipTo: string | null; placedBy: string }>(buyer, 'GET', `/api/orders/${placedId}`);
    expect(placed.locationId).not.toBeNull();
    expect(placed.shipTo).toContain('12 Journey Way');

    // A requester submits for approval (phone).
    const requester = (await browser.open(PHONE)).page;
    await requester.goto('/');
    await signInAs(requester, accounts.requester, 'BOLD Customer');
    await fillActivePo(requester, 3);
    await requester.getByTestId('frame-cart-link').click();
    await requester.getByRole('button', { name: 'Submit for approval' }).click();
    await requester.getByText('Waiting for approval').first().waitFor();
    expect(await hasHorizontalScroll(requester)).toBe(false);
    await requester.screenshot({ path: join(tmpdir(), 'company-orders-phone-pending.png'), fullPage: true });

    // The company admin, on a phone: the company's orders with who placed them, then Approvals.
    const approver = (await browser.open(PHONE)).page;
    await approver.goto('/');
    await signInAs(approver, accounts.approver, 'BOLD Customer');
    await approver.goto('/orders');
    await approver.getByText(`Placed by ${people.buyer} Journey`).first().waitFor();
    expect(await hasHorizontalScroll(approver)).toBe(false);
    await approver.getByRole('link', { name: 'Approvals' }).click();
    await approver.waitForURL('**/approvals');
    await approver.getByRole('link', { name: new RegExp(`${people.requester} Journey`) }).click();
    await approver.waitForURL(/\/approvals\/\d+$/);
    expect(await hasHorizontalScroll(approver)).toBe(false);
    await approver.screenshot({ path: join(tmpdir(), 'company-orders-phone-approval.png'), fullPage: true });
    await approver.getByRole('button', { name: 'Approve and place order' }).click();
    await approver.waitForURL(/\/orders\/\d+$/);
    await approver.getByText(`${people.approver} Journey`).first().waitFor();
    const approvedId = Number(approver.url().split('/').at(-1));
    const approved = await api<{ placedBy: string; approvedByName: string }>(approver, 'GET', `/api/orders/${approvedId}`);
    expect(approved).toMatchObject({ placedBy: `${people.requester} Journey`, approvedByName: `${people.approver} Journey` });

    // The buyer, on the desktop, sees both orders of the company with who placed them.
    await buyer.goto('/orders');
    await buyer.getByRole('cell', { name: `${people.requester} Journey` }).waitFor();
    await buyer.getByRole('cell', { name: `${people.buyer} Journey` }).first().waitFor();
    await buyer.screenshot({ path: join(tmpdir(), 'company-orders-desktop-history.png'), fullPage: true });
  });
});
