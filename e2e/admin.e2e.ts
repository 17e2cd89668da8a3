import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';

const browser = useBrowser();
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  await signIn(page, ACCOUNTS.admin);
  await page.waitForURL('**/role-select');
  await page.getByRole('button', { name: /^Admin/ }).click();
  await page.waitForURL('**/dashboard');
}

/** The row (desktop table) of a user in the users table. */
const userRow = (page: Page, username: string) => page.getByRole('row').filter({ hasText: username });

describe('user management', () => {
  it('creates a user who then sets their own password, edits, resets, bypasses and deletes them', async () => {
    const admin = await browser.open();
    await signInAsAdmin(admin.page);
    await admin.page.getByRole('link', { name: /Manage Users/ }).click();
    await admin.page.waitForURL('**/users');
    await admin.page.getByRole('heading', { name: 'User Management' }).waitFor();

    // Create User: the form's own rules first, then a real account.
    const username = unique('e2e');
    await admin.page.getByRole('button', { name: 'Create User' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByLabel('Temporary Password').fill('lowercase');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await dialog.getByText('Password must contain at least one capital letter').waitFor();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Temporary Password').fill('Tilework7');
    await dialog.getByLabel('First Name').fill('Erin');
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.page.getByText('User Created').first().waitFor();
    // The list is paged on the server: find the new user by search.
    await admin.page.getByLabel('Search users').fill(username);
    await userRow(admin.page, username).getByText('Temporary password').waitFor();

    // The new user must choose a password before anything else.
    const newcomer = await browser.open();
    await newcomer.page.goto('/auth');
    await signIn(newcomer.page, { username, password: 'Tilework7' });
    await newcomer.page.waitForURL('**/profile-completion');
    await newcomer.page.getByLabel('Current Password').fill('Tilework7');
    await newcomer.page.getByLabel('New Password', { exact: true }).fill('Chosen123');
    await newcomer.page.getByLabel('Confirm New Password').fill('Chosen123');
    await newcomer.page.getByRole('button', { name: 'Update Password' }).click();
    await newcomer.page.waitForURL('**/dashboard');
    await newcomer.page.getByRole('heading', { name: 'Welcome, Erin' }).waitFor();

    // Edit: a new company and role.
    await admin.page.reload();
    await userRow(admin.page, username).getByRole('button', { name: `Edit ${username}` }).click();
    await dialog.getByLabel('Company').fill('E2E Tiles');
    await dialog.getByLabel('Role').selectOption('bold_customer');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await userRow(admin.page, username).getByText('E2E Tiles').waitFor();
    await userRow(admin.page, username).getByText('BOLD Customer').waitFor();
    expect(await userRow(admin.page, username).getByText('Temporary password').count()).toBe(0);

    // Reset password: the temporary one is shown in a toast and signs the user out.
    await userRow(admin.page, username).getByRole('button', { name: `Reset password of ${username}` }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Reset Password' }).click();
    const toastCode = admin.page.locator('li[role="status"] code, [data-toast-title] ~ * code').first();
    await toastCode.waitFor();
    const temporary = (await toastCode.textContent())!.trim();
    expect(temporary).toMatch(/[A-Z]/);
    await newcomer.page.reload();
    await newcomer.page.waitForURL('**/auth');

    // Emergency bypass, the user picked by username: the temporary password then works without the change screen.
    await admin.page.getByRole('button', { name: 'Password Reset Admin Tools' }).click();
    await dialog.getByRole('button', { name: 'Bypass Password Requirement' }).click();
    await dialog.getByText('Please choose a user').waitFor();
    await dialog.getByLabel('Find the user by username').fill(username);
    await dialog.getByRole('radio', { name: new RegExp(username) }).check();
    await dialog.getByRole('button', { name: 'Reset Form' }).click();
    expect(await dialog.getByLabel('Find the user by username').inputValue()).toBe('');
    await dialog.getByLabel('Find the user by username').fill(username);
    await dialog.getByRole('radio', { name: new RegExp(username) }).check();
    await dialog.getByRole('button', { name: 'Bypass Password Requirement' }).click();
    await dialog.getByText(`Password requirement bypassed for ${username}`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await signIn(newcomer.page, { username, password: temporary });
    // Now a BOLD customer, whose only role is chosen at sign-in.
    await newcomer.page.waitForURL('**/dashboard');
    await newcomer.page.getByText('Current Purchase Order', { exact: true }).first().waitFor();

    // Delete: confirmation, the row goes, and the user's session ends.
    await userRow(admin.page, username).getByRole('button', { name: `Delete ${username}` }).click();
    const confirm = admin.page.getByRole('alertdialog');
    await confirm.getByText('Are you sure?').waitFor();
    await confirm.getByText(/This action cannot be undone/).waitFor();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await confirm.waitFor({ state: 'detached' });
    await admin.page.getByText('User Deleted').first().waitFor();
    await expect.poll(() => userRow(admin.page, username).count()).toBe(0);
    await newcomer.page.reload();
    await newcomer.page.waitForURL('**/auth');
  });

  it('opens the admin tools at /admin/password-reset and keeps the list usable on a phone', async () => {
    const { page } = await browser.open(PHONE);
    await signInAsAdmin(page);
    await page.goto('/admin/password-reset');
    await page.getByRole('dialog').getByRole('heading', { name: 'Password Reset Admin Tools' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.waitForURL('**/users');
    await page.getByLabel('Search users').fill(ACCOUNTS.dealer.username);
    await page.getByRole('list', { name: 'Users' }).getByText('Coastal Floors & Design LLC').first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('shows Unauthorized to a salesperson on the admin screens', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/dashboard');
    for (const path of ['/users', '/admin/password-reset', '/admin/announcements', '/admin/activity-logs']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
      await page.getByText("You don't have permission to access this page.").waitFor();
    }
  });
});

describe('announcements', () => {
  it('an admin posts one, a salesperson sees it in the carousel, moves through it and dismisses it', async () => {
    const admin = await browser.open();
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/announcements');
    await admin.page.getByRole('button', { name: 'New Announcement' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Message is required').waitFor();
    const title = unique('Showroom update ');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill('New sample boards arrive on Monday.');
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.page.getByRole('row').filter({ hasText: title });
    await row.getByText('Active').waitFor();

    const sales = await browser.open(PHONE);
    await sales.page.goto('/auth');
    await signIn(sales.page, ACCOUNTS.salesperson);
    await sales.page.waitForURL('**/dashboard');
    const carousel = sales.page.getByRole('region', { name: 'Announcements' });
    await carousel.getByRole('heading', { name: title }).waitFor();
    const count = await carousel.getByRole('button', { name: /^Show announcement \d+:/ }).count();
    expect(count).toBeGreaterThan(1);
    await carousel.getByText(`1 of ${count}`).waitFor();

    // Previous from the first wraps to the last; a dot jumps; arrow keys move too.
    await carousel.getByRole('button', { name: 'Previous announcement' }).click();
    await carousel.getByText(`${count} of ${count}`).waitFor();
    await carousel.getByRole('button', { name: 'Next announcement' }).click();
    await carousel.getByText(`1 of ${count}`).waitFor();
    await carousel.getByRole('button', { name: /^Show announcement 2:/ }).click();
    await carousel.getByText(`2 of ${count}`).waitFor();
    await carousel.getByRole('button', { name: 'Next announcement' }).focus();
    await sales.page.keyboard.press('ArrowLeft');
    await carousel.getByRole('heading', { name: title }).waitFor();
    expect(await hasHorizontalScroll(sales.page)).toBe(false);

    // Dismissed for this browser session: still gone after a reload.
    await carousel.getByRole('button', { name: `Dismiss announcement: ${title}` }).click();
    await expect.poll(() => carousel.getByRole('heading', { name: title }).count()).toBe(0);
    await sales.page.reload();
    await carousel.getByText(`1 of ${count - 1}`).waitFor();
    expect(await sales.page.getByRole('heading', { name: title }).count()).toBe(0);

    // Switched off, it disappears for everyone; then delete it to leave the demo data as it was.
    await row.getByRole('switch').click();
    await row.getByText('Inactive').waitFor();
    await row.getByRole('button', { name: `Delete announcement: ${title}` }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => admin.page.getByRole('row').filter({ hasText: title }).count()).toBe(0);
  });

  it('shows no carousel to a customer', async () => {
    const { page } = await browser.open();
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.dealer);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Current Purchase Order', { exact: true }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
  });
});

describe('activity logs', () => {
  it('an admin finds a login and a page view by username and exports them as CSV', async () => {
    const dealer = await browser.open();
    await dealer.page.goto('/auth');
    await signIn(dealer.page, ACCOUNTS.dealer);
    await dealer.page.waitForURL('**/role-select');
    await dealer.page.getByRole('button', { name: /^BOLD Customer/ }).click();
    await dealer.page.waitForURL('**/dashboard');
    await dealer.page.getByText('Current Purchase Order', { exact: true }).first().waitFor();

    const admin = await browser.open();
    await signInAsAdmin(admin.page);
    await admin.page.getByRole('link', { name: /Activity Logs/ }).click();
    await admin.page.waitForURL('**/admin/activity-logs');
    await admin.page.getByRole('heading', { name: 'Activity Logs' }).waitFor();
    await admin.page.getByText(/^Showing \d+ of [\d,]+\+? activity logs$/).waitFor();

    await admin.page.getByLabel('Search').fill('de');
    await admin.page.getByText('Type at least 3 characters to search.').waitFor();
    await admin.page.getByLabel('Search').fill(ACCOUNTS.dealer.username);
    await admin.page.waitForURL(new RegExp(`search=${ACCOUNTS.dealer.username}`));
    // The page view is sent 300 ms after the dealer reached the dashboard.
    await expect
      .poll(async () => {
        await admin.page.getByRole('button', { name: 'Refresh' }).click();
        return admin.page.getByRole('cell', { name: `${ACCOUNTS.dealer.username} viewed /dashboard` }).count();
      })
      .toBeGreaterThan(0);
    await admin.page.getByLabel('Type').selectOption('login');
    await admin.page.waitForURL(/type=login/);
    // The previous page stays on screen until the filtered one arrives.
    await expect.poll(() => admin.page.getByRole('cell', { name: `${ACCOUNTS.dealer.username} viewed /dashboard` }).count()).toBe(0);
    const logins = admin.page.getByRole('row').filter({ hasText: `${ACCOUNTS.dealer.username} logged in` });
    await logins.first().getByRole('cell', { name: '127.0.0.1' }).waitFor();
    const caption = await admin.page.getByText(/^Showing \d+ of [\d,]+ activity logs$/).textContent();

    // Refresh keeps the filters (they live in the URL).
    await admin.page.reload();
    await admin.page.getByRole('row').filter({ hasText: `${ACCOUNTS.dealer.username} logged in` }).first().waitFor();
    expect(await admin.page.getByLabel('Search').inputValue()).toBe(ACCOUNTS.dealer.username);

    const [download] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^activity-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^ID,Type,Description,Username,IP Address,Date & Time,/);
    expect(lines.length - 1).toBe(Number(caption!.match(/of ([\d,]+)/)![1]!.replace(/,/g, '')));
    expect(lines.slice(1).every((line) => line.includes(`,login,${ACCOUNTS.dealer.username} logged in,${ACCOUNTS.dealer.username},`))).toBe(true);

    // The export is itself on record.
    await admin.page.getByRole('button', { name: 'Reset' }).click();
    await admin.page.waitForURL(/\/admin\/activity-logs$/);
    await admin.page.getByLabel('Type').selectOption('export_generated');
    await admin.page.getByRole('cell', { name: /^admin exported \d+ activity logs? as CSV$/ }).first().waitFor();
  });
});
