import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

/** Announcement editing and the activity log's detail view, paging and date filter (docs/decisions/0135). */
const browser = useBrowser();
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

const signInAsAdmin = (page: Page) => signInAs(page, ACCOUNTS.admin, 'Admin');
const signInAsSales = (page: Page) => signInAs(page, ACCOUNTS.salesperson);

const LONG_MESSAGE = Array.from({ length: 8 }, (_, i) => `Line ${i + 1}: the showroom gets new porcelain sample boards this week.`).join('\n');

describe('editing announcements', () => {
  it('an admin edits the title and message; a long message folds to two lines and opens with the keyboard', async () => {
    const { page } = await browser.open();
    await signInAsAdmin(page);
    await page.goto('/admin/announcements');
    const title = unique('Sample boards ');
    await page.getByRole('button', { name: 'New Announcement' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill(LONG_MESSAGE);
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: title });
    const more = row.getByRole('button', { name: 'Show more' });
    await more.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    const message = row.getByText(/^Line 1:/);
    const clipped = () => message.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    expect(await clipped()).toBe(true);
    await more.focus();
    await page.keyboard.press('Enter');
    const less = row.getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await clipped()).toBe(false);

    // Edit: the form's rules, then the new title and a short message (no toggle for it).
    await row.getByRole('button', { name: `Edit announcement: ${title}` }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Title is required').waitFor();
    const edited = `${title} (moved)`;
    await dialog.getByLabel('Title').fill(edited);
    await dialog.getByLabel('Message').fill('The boards arrive on Tuesday instead.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Announcement Updated').first().waitFor();
    const editedRow = page.getByRole('row').filter({ hasText: edited });
    await editedRow.getByText('The boards arrive on Tuesday instead.').waitFor();
    expect(await editedRow.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    // It stays edited after a reload (the server has it), then clean up.
    await page.reload();
    await editedRow.getByText('The boards arrive on Tuesday instead.').waitFor();
    await editedRow.getByRole('button', { name: `Delete announcement: ${edited}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: edited }).count()).toBe(0);
  });
});

describe('the activity log', () => {
  it('records a settled stock search once and opens its details', async () => {
    const sales = await browser.open();
    await signInAsSales(sales.page);
    await sales.page.goto('/stock');
    const query = unique('marble');
    // Typed a key at a time; the search is recorded once, when it settles.
    await sales.page.getByLabel('Search', { exact: true }).pressSequentially(query, { delay: 40 });
    await sales.page.waitForURL(new RegExp(`q=${query}`));

    const admin = await browser.open();
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/activity-logs?type=stock_searched');
    const description = `${ACCOUNTS.salesperson.username} searched /stock for "${query}"`;
    await expect
      .poll(
        async () => {
          await admin.page.getByRole('button', { name: 'Refresh' }).click();
          return admin.page.getByRole('button', { name: description }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await admin.page.getByLabel('Search').fill(query.slice(0, 12));
    await admin.page.waitForURL(/search=/);
    await admin.page.getByText(/^Showing 1 of 1 activity logs$/).waitFor();

    await admin.page.getByRole('button', { name: description }).click();
    const details = admin.page.getByRole('dialog');
    await details.getByRole('heading', { name: /Activity #\d+/ }).waitFor();
    await details.getByText(`${ACCOUNTS.salesperson.username} (#`).waitFor();
    await details.getByText(/HeadlessChrome|Chrome/).first().waitFor();
    await details.getByText('/stock', { exact: true }).waitFor();
    await details.getByText(`"query": "${query}"`).waitFor();
    await admin.page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    // Keyboard users reach it the same way; focus returns to the row afterwards.
    await admin.page.getByRole('button', { name: description }).focus();
    await admin.page.keyboard.press('Enter');
    await details.getByRole('heading', { name: /Activity #\d+/ }).waitFor();
    await admin.page.keyboard.press('Escape');
    await expect.poll(() => admin.page.evaluate(() => document.activeElement?.textContent)).toBe(description);
  });

  it('jumps to a typed page number and does not query a half-typed date', async () => {
    // Enough page views of one user for three pages (20 a page).
    const sales = await browser.open();
    await signInAsSales(sales.page);
    const tag = unique('pg');
    for (let i = 0; i < 45; i += 1) await api(sales.page, 'POST', '/api/activity', { type: 'page_view', path: `/${tag}-${i}` });

    const admin = await browser.open();
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/activity-logs?search=${tag}`);
    await admin.page.getByText('Showing 20 of 45 activity logs').waitFor();
    await admin.page.getByText('Page 1 of 3').waitFor();
    const goTo = admin.page.getByRole('textbox', { name: 'Go to page' });
    await goTo.fill('4');
    await goTo.press('Enter');
    await admin.page.getByText('Enter a page from 1 to 3').waitFor();
    await goTo.fill('3');
    await goTo.press('Enter');
    await admin.page.waitForURL(/page=3/);
    await admin.page.getByText('Page 3 of 3').waitFor();
    await admin.page.getByText('Showing 5 of 45 activity logs').waitFor();
    // Newest first: page 3 holds the five oldest views.
    await admin.page.getByRole('button', { name: `${ACCOUNTS.salesperson.username} viewed /${tag}-0` }).waitFor();

    // Typing a date key by key: only the finished date is asked for.
    const asked: string[] = [];
    admin.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/activity-logs' && url.searchParams.has('from')) asked.push(url.searchParams.get('from')!);
    });
    const from = admin.page.getByLabel('From');
    await from.focus();
    await admin.page.keyboard.type('01022020', { delay: 120 });
    await admin.page.waitForURL(/from=2020-01-02/);
    await admin.page.getByText(/^Showing \d+ of 45 activity logs$/).waitFor();
    expect(asked.length).toBe(1);
    expect(new Date(asked[0]!).getFullYear()).toBe(2020);
  });

  it('fits a phone: filters, paging and the details dialog without sideways scrolling', async () => {
    const { page } = await browser.open(PHONE);
    await signInAsAdmin(page);
    await page.goto('/admin/activity-logs');
    await page.getByText(/^Showing \d+ of/).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('list', { name: 'Activity logs' }).locator('button[aria-haspopup="dialog"]').first().click();
    await page.getByRole('dialog').getByText('User agent').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
