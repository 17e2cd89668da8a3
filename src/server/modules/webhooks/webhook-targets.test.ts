import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestClient, useTestApp } from '../../../../test/api';
import { signedInAdmin } from '../../../../test/integrations';
import { webhookDeliveries } from '../../db/schema';
import { resolveAll } from '../../lib/webhook-target';
import { enqueueEvent, insertEndpoint } from './repository';
import { createWebhookSender } from './sender';

/**
 * The last SSRF forms, against the real routes and sender with private targets
 * disallowed (the default). Each URL here was accepted before.
 */
const ctx = useTestApp();
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});

const registerUrl = (url: string) => admin.post('/api/admin/webhooks', { url, events: ['order.created'] });

describe('registering a webhook refuses every non-public target', () => {
  it.each([
    ['trailing dot', 'https://localhost./hooks'],
    ['trailing dots on a subdomain', 'https://api.localhost../hooks'],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/hooks'],
    ['IPv4-mapped metadata service', 'https://[::ffff:169.254.169.254]/hooks'],
    ['IPv4-translated (RFC 6145)', 'https://[::ffff:0:10.0.0.1]/hooks'],
    ['site-local', 'https://[fec0::1]/hooks'],
    ['6to4 of 127.0.0.1', 'https://[2002:7f00:1::1]/hooks'],
    ['6to4 of 169.254.169.254', 'https://[2002:a9fe:a9fe::1]/hooks'],
    ['Teredo with a loopback client', 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks'],
    ['NAT64 of 127.0.0.1', 'https://[64:ff9b::7f00:1]/hooks'],
    ['NAT64 local-use prefix', 'https://[64:ff9b:1::a00:1]/hooks'],
    ['unique local', 'https://[fd12:3456::1]/hooks'],
    ['documentation', 'https://[2001:db8::1]/hooks'],
    ['carrier-grade NAT', 'https://100.64.0.1/hooks'],
    ['decimal loopback', 'https://2130706433/hooks'],
    ['hex loopback', 'https://0x7f.0.0.1/hooks'],
    ['broadcast', 'https://255.255.255.255/hooks'],
  ])('%s: %s', async (_form, url) => {
    const response = await registerUrl(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INTEGRATION_MESSAGES.privateTarget, errors: [{ path: 'url', message: INTEGRATION_MESSAGES.privateTarget }] });
  });

  // This machine's own name resolves (through /etc/hosts or DNS) to a loopback or private address.
  it('refuses a name that resolves to a private or loopback address', async () => {
    const addresses = await resolveAll(hostname()).catch(() => []);
    expect(addresses.length, `${hostname()} should resolve on this machine`).toBeGreaterThan(0);
    const response = await registerUrl(`https://${hostname()}/hooks`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INTEGRATION_MESSAGES.privateTarget);
  });

  it('accepts public literals, including transition forms that carry a public IPv4 address', async () => {
    for (const url of ['https://8.8.8.8/hooks', 'https://[2606:4700::1111]/hooks', 'https://[64:ff9b::808:808]/hooks', 'https://[2002:808:808::1]/hooks']) {
      const response = await registerUrl(url);
      expect(response.statusCode, url).toBe(201);
    }
  });
});

describe('delivery refuses a non-public target stored before these rules', () => {
  it.each(['https://[2002:7f00:1::1]/hooks', 'https://[::127.0.0.1]/hooks', 'https://localhost./hooks'])('%s', async (url) => {
    const user = await createUser(ctx.db, { role: 'admin' });
    const endpoint = await insertEndpoint(ctx.db, { url, description: null, events: ['order.created'], secret: 'whsec_test', createdBy: user.id });
    const id = randomUUID();
    await enqueueEvent(ctx.db, { id, type: 'order.created', body: JSON.stringify({ id }) });
    const result = await createWebhookSender({ db: ctx.db, allowPrivate: false, timeoutMs: 2_000 }).runOnce();
    expect(result.delivered).toBe(0);
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row!.lastError).toMatch(/^Refused/);
  });
});
