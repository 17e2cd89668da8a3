import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';

const browser = useBrowser();

describe('signing in', () => {
  it('sends an anonymous user to /auth and back to the requested page after login', async () => {
    const { page } = await browser.open();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    await signIn(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/dashboard');
    await page.getByText('Check Stock & Add to Cart').waitFor();
  });

  it('shows the server message when the password is wrong', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, { username: ACCOUNTS.dealer.username, password: 'Wrong123' });
    await page.getByText('Login failed').first().waitFor();
    await page.getByText('Invalid username or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('lets an admin choose among three roles and switch later', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    for (const name of ['Admin', 'Salesperson', 'BOLD Customer']) {
      await page.getByRole('button', { name: new RegExp(`^${name}`) }).waitFor();
    }
    await page.getByRole('button', { name: /^Salesperson/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Quick Add to Sample Cart').waitFor();
    expect(await page.getByText('Manage Users').count()).toBe(0);

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Switch role' }).click();
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Manage Users').waitFor();
    await page.getByText('Activity Logs').waitFor();
  });

  it('offers a BOLD customer only their own role', async () => {
    const { page } = await browser.open();
    await page.goto('/role-select');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.dealer);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^BOLD Customer/ }).waitFor();
    expect(await page.getByRole('button', { name: /^(Admin|Salesperson)/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Current Purchase Order', { exact: true }).first().waitFor();
  });

  it('confines a temporary-password user to Change Your Password until it is changed', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.temporary);
    await page.waitForURL('**/profile-completion');
    await page.getByText('Password Change Required').first().waitFor();
    await page.getByRole('heading', { name: 'Change Your Password' }).waitFor();

    await page.goto('/dashboard');
    await page.waitForURL('**/profile-completion');

    await page.getByLabel('Current Password').fill(ACCOUNTS.temporary.password);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await page.getByLabel('New Password', { exact: true }).fill('Newhire123');
    await page.getByLabel('Confirm New Password').fill('Newhire123');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password Updated').first().waitFor();
    await page.waitForURL('**/dashboard');
  });

  it('logs out to /auth and keeps protected pages closed afterwards', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
  });

  it('changes the password from the dashboard dialog, which closes on success', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.dealer);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current Password').fill(ACCOUNTS.dealer.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('Dealer456');
    await dialog.getByLabel('Confirm New Password').fill('Dealer999');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText("Passwords don't match").waitFor();
    await dialog.getByLabel('Confirm New Password').fill('Dealer456');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Put the demo password back for the other journeys.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByLabel('Current Password').fill('Dealer456');
    await dialog.getByLabel('New Password', { exact: true }).fill(ACCOUNTS.dealer.password);
    await dialog.getByLabel('Confirm New Password').fill(ACCOUNTS.dealer.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('screens every user meets', () => {
  it('shows the 404 screen for an unknown path', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { page } = await browser.open(PHONE);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Manage Users').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
