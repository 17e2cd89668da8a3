import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { verifySignature } from '../src/server/modules/webhooks';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();
// The e2e server runs with WEBHOOK_ALLOW_PRIVATE=true (support/global-setup.ts), so a loopback receiver is allowed.
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

const tile = generateDemoProducts().filter((p) => /^\d+$/.test(p.stockLevel ?? '') && Number(p.stockLevel) > 200)[7]!;

describe('integrations (admin)', () => {
  it('creates a token and a webhook endpoint; a dealer’s order shows up as a signed delivery in the log', async () => {
    const { page } = await browser.open();
    await signInAs(page, ACCOUNTS.admin, 'Admin');

    // API token: made on its screen, shown once, works as a bearer token.
    await page.getByRole('link', { name: /API Tokens/ }).click();
    await page.waitForURL('**/admin/api-tokens');
    await page.getByRole('button', { name: 'New Token' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Choose at least one scope').waitFor();
    const name = `E2E ERP ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('checkbox', { name: /orders:read/ }).click();
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await page.getByText('It will not be shown again').waitFor();
    const token = await page.getByRole('dialog').getByRole('textbox').inputValue();
    expect(token).toMatch(/^bold_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: name }).getByText('Active').waitFor();
    const orders = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${token}` } });
    expect(orders.status()).toBe(200);

    // Webhook endpoint: the loopback receiver, its secret shown once.
    await page.goto('/admin/webhooks');
    await page.getByRole('button', { name: 'New Endpoint' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('E2E receiver');
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
    await page.getByText('It will not be shown again').waitFor();
    const secret = await page.getByRole('dialog').getByRole('textbox').inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByRole('region', { name: `Webhook endpoint ${receiver.url}` });
    await endpoint.getByText('No deliveries yet').waitFor();

    // Send test event: a ping arrives, verified with the Standard Webhooks library, and the card says so.
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await endpoint.getByText('Test event delivered').waitFor();
    const ping = receiver.received.find((r) => JSON.parse(r.body).type === 'ping')!;
    expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toMatchObject({ type: 'ping' });

    // A dealer places an order.
    const dealer = await browser.open();
    await signInAs(dealer.page, ACCOUNTS.dealer, 'BOLD Customer');
    const carts = await api<{ id: number; isActive: boolean }[]>(dealer.page, 'GET', '/api/carts');
    const cart = carts.find((c) => c.isActive)!;
    await api(dealer.page, 'POST', `/api/carts/${cart.id}/items`, { productId: tile.id, quantity: 1 });
    await dealer.page.goto('/cart');
    await dealer.page.getByRole('button', { name: 'Place Order' }).click();
    await dealer.page.getByRole('heading', { name: /^Order #\d+ was placed$/ }).waitFor();

    // The admin's log shows the delivery (the screen refreshes itself), and the receiver got it signed.
    await endpoint.getByRole('cell', { name: /order\.created/ }).first().waitFor({ timeout: 30_000 });
    await endpoint.getByText('Delivered').first().waitFor({ timeout: 30_000 });
    await endpoint.getByText(/HTTP 200/).first().waitFor();
    // "Delivered" above may be the ping's row; the order's own delivery can land a moment later.
    await expect.poll(() => receiver.received.some((r) => JSON.parse(r.body).type === 'order.created'), { timeout: 30_000 }).toBe(true);
    const hook = receiver.received.find((r) => JSON.parse(r.body).type === 'order.created')!;
    expect(new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).toMatchObject({ type: 'order.created' });
    expect(verifySignature(secret, String(hook.headers['x-portal-signature']), hook.body)).toBe(true);

    await page.setViewportSize(PHONE);
    await endpoint.getByText('Delivered').last().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
