import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';

const browser = useBrowser();

/** Every journey starts where a new user starts, the portal's address. */
async function startAtRoot(page: Page, account: { username: string; password: string }) {
  await page.goto('/');
  await page.waitForURL('**/auth');
  await signIn(page, account);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
}

/** The frame's product count, read from its badge. */
async function frameCartCount(page: Page): Promise<number> {
  const badge = (await page.getByTestId('frame-cart-count').textContent()) ?? '';
  return Number(badge.replace(/,/g, '') || NaN);
}

describe('no dead ends', () => {
  it('a salesperson edits their phone on /profile and sees it after a reload', async () => {
    const { page } = await browser.open();
    await startAtRoot(page, ACCOUNTS.profileSalesperson);
    await page.waitForURL('**/dashboard');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Edit My User Data' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'My User Data' }).waitFor();
    await page.getByText(ACCOUNTS.profileSalesperson.username, { exact: true }).waitFor();
    await page.getByLabel('Phone', { exact: true }).fill('555-0199');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Updated').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Phone', { exact: true }).inputValue()).toBe('555-0199');
    // docs/decisions/0203: a new email address needs the current password and a link; until then the old one stays.
    await page.getByLabel('New email address').fill('pat.new@example.com');
    await page.getByLabel('Current password').fill(ACCOUNTS.profileSalesperson.password);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByTestId('email-change-pending').getByText('pat.new@example.com').waitFor();
    await page.reload();
    await page.getByTestId('email-change-pending').getByText(/your address changes when you open it/).waitFor();
    await page.getByText(`${ACCOUNTS.profileSalesperson.username}@example.com`).first().waitFor();
  });

  it('a dealer adds from /catalog and the frame\'s cart count goes up without a reload', async () => {
    const { page } = await browser.open();
    await startAtRoot(page, ACCOUNTS.catalogDealer);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Product Catalog/ }).click();
    await page.waitForURL('**/catalog');
    await expect.poll(() => frameCartCount(page)).toBe(0);
    const card = page.locator('article').filter({ hasText: 'In Stock' }).first();
    await card.getByLabel(/Quantity/).fill('3');
    await card.getByRole('button', { name: 'Add to PO' }).click();
    await card.getByText('Added to PO').waitFor();
    // docs/decisions/0213: the badge counts products, so 3 boxes of one tile read 1.
    await expect.poll(() => frameCartCount(page)).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/catalog');
  });

  it('an admin acting as Salesperson opens /users, switches back to Admin from Unauthorized and lands on /users', async () => {
    const { page } = await browser.open();
    await startAtRoot(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Salesperson/ }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Unauthorized' }).first().waitFor();
    await page.getByRole('button', { name: 'Switch to Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
  });

  it('logs out from the frame on /stock, on a phone, with no horizontal scroll', async () => {
    const { page } = await browser.open(PHONE);
    await startAtRoot(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/dashboard');
    await page.goto('/stock');
    await page.getByRole('heading', { level: 1, name: 'BOLD Stock Check' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/stock');
    await page.waitForURL('**/auth');
  });
});
