import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();
const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200)[9]!;

describe('email outbox (admin)', () => {
  it('shows an order’s confirmation email status in the orders screens and the outbox, and says SMTP is not set', async () => {
    // A dealer places an order; the e2e server has no SMTP_URL, so its confirmation waits.
    const dealer = await browser.open();
    await signInAs(dealer.page, ACCOUNTS.dealer, 'BOLD Customer');
    const carts = await api<{ id: number; isActive: boolean }[]>(dealer.page, 'GET', '/api/carts');
    await api(dealer.page, 'POST', `/api/carts/${carts.find((c) => c.isActive)!.id}/items`, { productId: tile.id, quantity: 1 });
    const order = await api<{ id: number }>(dealer.page, 'POST', '/api/orders', {});
    // The dealer's own order does not show the outbox's status.
    await dealer.page.goto(`/orders/${order.id}`);
    await dealer.page.getByText(`Order #${order.id}`).first().waitFor();
    expect(await dealer.page.getByText('Confirmation Email').count()).toBe(0);

    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.admin, 'Admin');

    // All Orders: the order's row says its email is waiting.
    await page.goto('/orders');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${order.id}`, exact: true }) });
    await row.getByText('Email waiting').waitFor();

    // Order detail: the same, and the badge opens the outbox at that status.
    await row.getByRole('link', { name: `Order #${order.id}`, exact: true }).click();
    await page.waitForURL(`**/orders/${order.id}`);
    await page.getByText('Confirmation Email').waitFor();
    await page.getByRole('link', { name: /Confirmation email: Waiting/ }).click();
    await page.waitForURL('**/admin/emails?status=pending');

    // The outbox: SMTP is not configured, said plainly; the confirmation is listed with its recipients.
    await page.getByText('Email is not configured (SMTP_URL is not set): emails wait in the outbox and are not sent.').waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('pending');
    const email = page.getByRole('row').filter({ hasText: new RegExp(`Purchase Order #${order.id} from`) });
    await email.getByText('Waiting').waitFor();
    await email.getByText('journey-dealer@example.com').waitFor();
    // Nothing failed, so there is nothing to resend.
    await page.getByLabel('Status').selectOption('failed');
    await page.waitForURL('**/admin/emails?status=failed');
    await page.getByText('No failed emails').waitFor();

    // From the dashboard: the admin tile leads here; welcome emails are listed too.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Email Outbox/ }).click();
    await page.waitForURL('**/admin/emails');
    await page.getByRole('row').filter({ hasText: 'Your BOLD portal account' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: new RegExp(`Purchase Order #${order.id} from`) }).waitFor();

    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: 'Emails' }).getByText(new RegExp(`Purchase Order #${order.id} from`)).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('is not for a salesperson: the screen says Unauthorized', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.salesperson);
    await page.goto('/admin/emails');
    await page.getByText(/Unauthorized/i).first().waitFor();
    expect(await page.getByText('Email is not configured').count()).toBe(0);
  });
});
