import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, signIn, useBrowser } from './support/browser';
import { api } from './support/session';

const browser = useBrowser();

/** Signs in through the API (the cookie lands in the page's context), so the next navigation is a first load. */
async function signedInContext(page: Page, account: { username: string; password: string }) {
  await api(page, 'POST', '/api/login', account);
}

/** The "who is signed in" calls: the session probe (docs/decisions/0212) and GET /api/user. */
const whoAmI = (counts: Map<string, number>) => (counts.get('/api/session') ?? 0) + (counts.get('/api/user') ?? 0);

/** Every /api request the page sends, by path, from now on (preloads included). */
function countApiRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

describe('a signed-in page opened by address (ADR 0152)', () => {
  it('starts from the user the page carries: no GET /api/user, each first call asked once', async () => {
    const { page } = await browser.open(PHONE);
    await signedInContext(page, ACCOUNTS.salesperson);
    const counts = countApiRequests(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Check Stock/ }).waitFor();
    await page.getByText(/Last Updated/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(whoAmI(counts)).toBe(0);
    for (const path of ['/api/carts', '/api/system/settings', '/api/announcements']) expect(counts.get(path), path).toBe(1);

    const stock = countApiRequests(page);
    await page.goto('/stock');
    await page.getByText(/^[\d,]+ products$/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(whoAmI(stock)).toBe(0);
    // The catalogue as columns, preloaded with the page and asked for once (ADR 0188).
    expect(stock.get('/api/products/columns')).toBe(1);
    expect(stock.get('/api/products') ?? 0).toBe(0);
  });

  it('opens /auth without asking who is signed in: no GET /api/user, no console error', async () => {
    const { page } = await browser.open(PHONE);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const counts = countApiRequests(page);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(whoAmI(counts)).toBe(0);
    expect(errors).toEqual([]);

    // Signed in, the page says who: /auth moves on without asking either.
    await signedInContext(page, ACCOUNTS.salesperson);
    const again = countApiRequests(page);
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname !== '/auth');
    expect(whoAmI(again)).toBe(0);
  });

  it('shows the search box while the catalogue is still loading', async () => {
    const { page } = await browser.open(PHONE);
    await signedInContext(page, ACCOUNTS.salesperson);
    // Hold the catalogue back: the filters must be usable before it arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products/columns', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/stock');
    await page.getByLabel('Search', { exact: true }).waitFor();
    await page.getByText('Loading inventory data...').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('matte');
    release();
    await page.getByText(/^Showing [\d,]+ of [\d,]+ products$/).waitFor();
  });

  it('forgets the carried user after a log out: the next person sees their own name', async () => {
    const { page } = await browser.open();
    await signedInContext(page, ACCOUNTS.salesperson);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu:\s*Sam Journey/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.dealer);
    // A dealer chooses the role after signing in.
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /^Account menu:\s*Dana Journey/ }).waitFor();
  });

  it('opens the account menu from the keyboard, pressed before and after its code has loaded (ADR 0199)', async () => {
    const { page } = await browser.open();
    await signedInContext(page, ACCOUNTS.salesperson);
    // Hold the menu's code back so the first press reaches the stand-in button.
    const release = await holdBack(page, /\/assets\/account-menu-[\w-]+\.js$/);
    await page.goto('/dashboard');
    const button = page.getByRole('button', { name: /^Account menu:\s*Sam Journey/ });
    await button.focus();
    await page.keyboard.press('Enter');
    release();
    await page.getByRole('menuitem', { name: 'Edit My User Data' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Account menu/);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Change Password' }).waitFor();
  });

  it("opens the header's PO menu and its Create New PO dialog on the first press, focus inside (ADR 0199)", async () => {
    const { page } = await browser.open(PHONE);
    await signedInContext(page, ACCOUNTS.dealer);
    await api(page, 'POST', '/api/session/role', { role: 'bold_customer' });
    const releaseMenu = await holdBack(page, /\/assets\/active-po-menu-[\w-]+\.js$/);
    const releaseDialog = await holdBack(page, /\/assets\/create-cart-dialog-[\w-]+\.js$/);
    await page.goto('/dashboard');
    await page.getByTestId('frame-po-menu').focus();
    await page.keyboard.press('Enter');
    releaseMenu();
    await page.getByRole('menuitem', { name: 'Create New PO' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
    await page.getByRole('menuitem', { name: 'Create New PO' }).focus();
    await page.keyboard.press('Enter');
    releaseDialog();
    const dialog = page.getByRole('dialog', { name: 'Create New PO' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Enter PO name');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('frame-po-menu');
  });
});

/** Holds back the responses for matching addresses until the returned function is called. */
async function holdBack(page: Page, address: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
