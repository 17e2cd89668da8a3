import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDateOf } from '../src/common/domain/business-days';
import { skuBucketOf } from '../src/common/domain/stock-filters';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { seriousViolations } from './support/axe';
import { ACCOUNTS, DESKTOP, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { api } from './support/session';

/** docs/decisions/0210: a salesperson's shipped sample order goes to their store, as placed. */
const browser = useBrowser();
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200)[23]!;
const shots = process.env.SHOTS_DIR ?? '.tmp';

async function pickEarliestDate(page: Page) {
  const { today, earliest } = await api<{ today: string; earliest: string }>(page, 'GET', '/api/orders/requested-dates');
  const earliestName = new RegExp(format(localDateOf(earliest), 'EEEE, MMMM d, yyyy'));
  if (earliest.slice(0, 7) !== today.slice(0, 7) && (await page.getByRole('button', { name: earliestName }).count()) === 0) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await page.getByRole('button', { name: earliestName }).click();
}

const shipTo = (page: Page) => page.getByRole('group', { name: 'Ship to' });

describe('a sample order shipped to the rep store', () => {
  it('from /: the store address in the profile, pre-filled at checkout, one line edited, kept on the confirmation and the order', async () => {
    const { page } = await browser.open();
    await page.goto('/');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.shipToSalesperson);
    await page.waitForURL('**/dashboard');
    const cart = (await api<{ id: number; isActive: boolean }[]>(page, 'GET', '/api/carts')).find((c) => c.isActive)!;
    await api(page, 'DELETE', `/api/carts/${cart.id}/all-items`);

    // The store address, in My User Data.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit My User Data' }).click();
    await page.waitForURL('**/profile');
    await page.getByLabel('Store Name').fill('Journey Tile Showroom');
    await page.getByLabel('Store Street Address').fill('17 Technology Dr');
    await page.getByLabel('Store City').fill('Irvine');
    await page.getByLabel('Store State').fill('ca');
    await page.getByLabel('Store ZIP Code').fill('9261');
    await page.getByLabel('Store Contact Name').fill('Rita Journey');
    await page.getByLabel('Store Phone').fill('949-555-0117');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('ZIP code must be 5 digits, or ZIP+4 like 92626-1234').waitFor();
    await page.getByLabel('Store ZIP Code').fill('92618');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Updated').first().waitFor();
    await page.screenshot({ path: `${shots}/ship-to-profile-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: `${shots}/ship-to-profile-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The sample order, from the stock row.
    await page.goto(`/stock?sku=${skuBucketOf(tile.id)}`);
    await page.getByRole('button', { name: String(tile.id), exact: true }).click();
    const detail = page.locator('td[id*="detail"]');
    await detail.getByLabel(/^Quantity/).fill('2');
    await detail.getByRole('button', { name: 'Add to Sample Order' }).click();
    await detail.getByText('Added to Sample Order').waitFor();
    await page.goto('/cart');
    await page.getByText(`SKU ${tile.id}`, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/order-details');

    // Pickup needs no address; Ship shows the store, filled in.
    await page.getByRole('button', { name: 'Submit Sample Order' }).waitFor();
    expect(await shipTo(page).count()).toBe(0);
    await page.getByText('Ship', { exact: true }).click();
    await shipTo(page).waitFor();
    expect(await shipTo(page).getByLabel('Store or company').inputValue()).toBe('Journey Tile Showroom');
    expect(await shipTo(page).getByLabel('Contact name').inputValue()).toBe('Rita Journey');
    expect(await shipTo(page).getByLabel('Phone').inputValue()).toBe('949-555-0117');
    expect(await shipTo(page).getByLabel('Street address').inputValue()).toBe('17 Technology Dr');
    expect(await shipTo(page).getByLabel('City').inputValue()).toBe('Irvine');
    expect(await shipTo(page).getByLabel('State').inputValue()).toBe('CA');
    expect(await shipTo(page).getByLabel('ZIP code').inputValue()).toBe('92618');

    // One line changed for this order; a missing part is named and refused before anything is sent.
    await shipTo(page).getByLabel('Suite or unit (optional)').fill('Suite 200');
    await shipTo(page).getByLabel('City').fill('');
    await pickEarliestDate(page);
    await page.getByRole('button', { name: 'Submit Sample Order' }).click();
    await shipTo(page).getByText('Enter the city').waitFor();
    await page.getByText('Complete the ship-to address to submit.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await shipTo(page).screenshot({ path: `${shots}/ship-to-checkout-missing-city.png` });
    expect((await api<{ orders: unknown[] }>(page, 'GET', '/api/orders')).orders).toHaveLength(0);
    await shipTo(page).getByLabel('City').fill('Irvine');
    expect(await shipTo(page).getByText('Enter the city').count()).toBe(0);

    // The typed address survives a reload, like the rest of the draft.
    await page.reload();
    await shipTo(page).waitFor();
    expect(await shipTo(page).getByLabel('Suite or unit (optional)').inputValue()).toBe('Suite 200');
    expect(await shipTo(page).getByLabel('City').inputValue()).toBe('Irvine');
    expect(await page.getByRole('button', { name: 'Submit Sample Order' }).isDisabled(), 'the date is kept too').toBe(false);

    // Looked at, and axe-clean, at both sizes.
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/ship-to-checkout-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/ship-to-checkout-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Submit Sample Order' }).click();
    await page.getByText('Sample Order Submitted').first().waitFor();
    await page.getByRole('button', { name: /View order/ }).first().click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const id = Number(/\/orders\/(\d+)\/placed$/.exec(page.url())![1]);
    const placed = page.getByTestId('order-ship-to');
    for (const line of ['Journey Tile Showroom', 'Attn: Rita Journey', '17 Technology Dr', 'Suite 200', 'Irvine, CA 92618', 'Phone: 949-555-0117']) {
      await placed.getByText(line, { exact: true }).waitFor();
    }
    await page.screenshot({ path: `${shots}/ship-to-placed-desktop.png`, fullPage: true });

    // A later profile edit leaves the placed order alone.
    await api(page, 'PATCH', '/api/user/profile', { storeAddress: '99 Other Rd' });
    await page.getByRole('link', { name: 'Open order' }).click();
    await page.waitForURL(`**/orders/${id}`);
    await page.getByTestId('order-ship-to').getByText('Suite 200', { exact: true }).waitFor();
    await page.getByTestId('order-ship-to').getByText('17 Technology Dr', { exact: true }).waitFor();
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: `${shots}/ship-to-order-phone.png`, fullPage: true });
  });

  it('an admin edits a rep\'s store address in Edit User, checked by the same rules', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    const username = ACCOUNTS.shipToSalesperson.username;
    await page.goto('/users');
    await page.getByPlaceholder('Username, name, email, company or ID').fill(username);
    await page.getByRole('row').filter({ hasText: username }).getByRole('button', { name: `Edit ${username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Store ZIP Code').fill('1234');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('ZIP code must be 5 digits, or ZIP+4 like 92626-1234').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/ship-to-edit-user-desktop.png` });
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/ship-to-edit-user-phone.png` });
    await dialog.getByLabel('Store ZIP Code').fill('92614');
    await dialog.getByLabel('Store City').fill('Irvine');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const users = await api<{ users: { username: string; storeZip: string | null }[] }>(page, 'GET', `/api/users?search=${username}`);
    expect(users.users.find((u) => u.username === username)?.storeZip).toBe('92614');
  });
});
