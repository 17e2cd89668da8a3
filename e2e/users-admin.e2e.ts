import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { signInAs } from './support/session';

const browser = useBrowser();
const IMPORT_BATCH = 500;

/** Users `<prefix>-0000` … : every fourth a BOLD customer, the rest salespeople; password Tilework7. */
function usersCsv(prefix: string, from: number, count: number): string {
  const lines = ['username,password,role,firstName,lastName,email,company'];
  for (let i = from; i < from + count; i += 1) {
    const n = String(i).padStart(4, '0');
    const role = i % 4 === 0 ? 'bold_customer' : 'salesperson';
    lines.push(`${prefix}-${n},Tilework7,${role},Person,${n},${prefix}.${n}.a.rather.long.address@example-flooring-company.com,Scale Co`);
  }
  return lines.join('\n');
}

/** Seeds through the real bulk import (500 a request), not through the screens. */
async function importThroughApi(page: Page, csv: string) {
  const response = await page.request.post('/api/users/import', {
    headers: { 'x-request-timestamp': String(Date.now()) },
    multipart: { file: { name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const firstRow = (page: Page) => page.getByRole('table').getByRole('row').nth(1);

describe('users at scale', () => {
  it('an admin finds one user among 2,000 by filtering and sorting, and imports 500 with progress', async () => {
    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    const prefix = `scale${Date.now().toString(36)}`;
    for (let from = 0; from < 1500; from += IMPORT_BATCH) await importThroughApi(admin.page, usersCsv(prefix, from, IMPORT_BATCH));

    // The last 500 through the dialog (docs/decisions/0225): checked with progress "n of 500",
    // shown, then created on Confirm.
    await admin.page.goto('/users');
    await admin.page.getByRole('heading', { name: 'User Management' }).waitFor();
    await admin.page.getByRole('button', { name: 'Import Users' }).click();
    const dialog = admin.page.getByRole('dialog');
    const file = path.resolve('.tmp', `${prefix}.csv`);
    await writeFile(file, usersCsv(prefix, 1500, IMPORT_BATCH));
    await dialog.getByLabel('File (.csv or .xlsx)').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText(/Checking users: \d+ of 500/).waitFor();
    await dialog.getByRole('region', { name: 'New users (500)' }).waitFor({ timeout: 30_000 });
    await dialog.getByText(`Row 2: ${prefix}-1500 · BOLD customer`).waitFor();
    // Nothing is created until Confirm.
    expect((await admin.page.request.get(`/api/users?search=${prefix}-15`)).ok()).toBe(true);
    expect((await (await admin.page.request.get(`/api/users?search=${prefix}-15`)).json()).total).toBe(0);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.page.getByText(/500 users created/).first().waitFor({ timeout: 30_000 });

    // The one to find signs in once: the only Last login among the 2,000.
    const target = `${prefix}-1996`;
    const signInResponse = await (await browser.open()).page.request.post('/api/login', {
      headers: { 'x-request-timestamp': String(Date.now()) },
      data: { username: target, password: 'Tilework7' },
    });
    expect(signInResponse.status()).toBe(200);

    await admin.page.getByLabel('Search users').fill(prefix);
    await admin.page.getByText('1–25 of 2,000 users').waitFor();
    // Filter: BOLD customers only (every fourth of them).
    await admin.page.getByLabel('Role').selectOption('bold_customer');
    await admin.page.getByText('1–25 of 500 users').waitFor();
    // Sorted by username A to Z at first; one click on the header turns it Z to A: the highest number first.
    await expect.poll(() => firstRow(admin.page).textContent()).toContain(`${prefix}-0000`);
    expect(await admin.page.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe('ascending');
    await admin.page.getByRole('button', { name: 'Username' }).click();
    await expect.poll(() => firstRow(admin.page).textContent()).toContain(target);
    expect(await admin.page.getByRole('columnheader', { name: 'Username' }).getAttribute('aria-sort')).toBe('descending');

    // Sort by last login, newest first: the one who signed in, with the time shown.
    await admin.page.getByLabel('Role').selectOption('all');
    await admin.page.getByText('1–25 of 2,000 users').waitFor();
    await admin.page.getByRole('button', { name: 'Last login' }).click();
    await expect.poll(() => firstRow(admin.page).textContent()).toContain(target);
    await firstRow(admin.page).locator('time').nth(1).waitFor();
    expect(await admin.page.getByRole('table').getByText('Never').count()).toBe(24);

    // Paging: page 2 continues the list.
    await admin.page.getByRole('button', { name: 'Next' }).click();
    await admin.page.getByText('26–50 of 2,000 users').waitFor();
    await admin.page.getByText('Page 2 of 80').waitFor();

    // Temporary password filter: every imported user still has one.
    await admin.page.getByLabel('Password', { exact: true }).selectOption('set');
    await admin.page.getByText('No users match your search.').waitFor();
  }, 240_000);

  it('a users file with a problem is refused row by row; a previewed file is cancelled and creates nobody', async () => {
    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    const prefix = `prev${Date.now().toString(36)}`;
    await admin.page.goto('/users');
    await admin.page.getByRole('button', { name: 'Import Users' }).click();
    const dialog = admin.page.getByRole('dialog');
    const bad = path.resolve('.tmp', `${prefix}-bad.csv`);
    await writeFile(bad, `username,password,email\n${prefix}-a,Tilework7,not-an-email\n`);
    await dialog.getByLabel('File (.csv or .xlsx)').setInputFiles(bad);
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByRole('list', { name: 'Refused rows' }).getByText('Row 2: Invalid email (email)').waitFor();
    // The 400 of the refused file is the answer we provoked; any other console error still fails.
    const refusal = admin.errors.findIndex((e) => /status of 400/.test(e));
    expect(refusal).toBeGreaterThanOrEqual(0);
    admin.errors.splice(refusal, 1);

    const good = path.resolve('.tmp', `${prefix}-good.csv`);
    await writeFile(good, `username,password,role\n${prefix}-b,Tilework7,admin\n`);
    await dialog.getByLabel('File (.csv or .xlsx)').setInputFiles(good);
    await dialog.getByRole('button', { name: 'Check file' }).click();
    // The warnings come first: a new admin, no email.
    await dialog.getByText('Row 2: Creates an admin: full access to the portal, users included (role)').waitFor();
    await dialog.getByRole('button', { name: 'Confirm with 2 warnings' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await (await admin.page.request.get(`/api/stock/uploads?kind=users`)).json()).uploads[0]?.status).toBe('cancelled');
    expect((await (await admin.page.request.get(`/api/users?search=${prefix}`)).json()).total).toBe(0);
  });

  it('the bypass tool picks a user by username', async () => {
    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    const username = `pick${Date.now().toString(36)}`;
    await importThroughApi(admin.page, `username,password\n${username},Tilework7\n`);
    await admin.page.goto('/admin/password-reset');
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Bypass Password Requirement' }).click();
    await dialog.getByText('Please choose a user').waitFor();
    await dialog.getByLabel('Find the user by username').fill(username);
    await dialog.getByRole('radio', { name: new RegExp(username) }).check();
    await dialog.getByRole('button', { name: 'Bypass Password Requirement' }).click();
    await dialog.getByText(`Password requirement bypassed for ${username}`).waitFor();

    // The user now signs in without the change screen.
    const user = await browser.open();
    await user.page.goto('/auth');
    await signIn(user.page, { username, password: 'Tilework7' });
    await user.page.waitForURL('**/dashboard');
  });

  it('keeps the users list on a phone without sideways scrolling, long emails wrapped in full', async () => {
    const { page } = await browser.open(PHONE);
    await signInAs(page, ACCOUNTS.admin, 'Admin');
    const prefix = `phone${Date.now().toString(36)}`;
    await importThroughApi(page, usersCsv(prefix, 0, 3));
    await page.goto('/users');
    await page.getByLabel('Search users').fill(prefix);
    const email = `${prefix}.0000.a.rather.long.address@example-flooring-company.com`;
    await page.getByRole('list', { name: 'Users' }).getByText(email, { exact: true }).waitFor();
    await page.getByLabel('Sort by').selectOption('username:desc');
    await expect.poll(() => page.getByRole('list', { name: 'Users' }).getByRole('listitem').first().textContent()).toContain(`${prefix}-0002`);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
