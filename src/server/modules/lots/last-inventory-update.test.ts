import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import { inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put, withStock } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { products, systemSettings } from '../../db/schema';

/**
 * The dashboard's "Last Updated" is the latest of stock, lots and incoming changes, by
 * file or by API (docs/decisions/0212): each stamps last_inventory_update in its own transaction.
 */
const ctx = useTestApp();
let admin: TestClient;
let salesperson: TestClient;

const EARLIER = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, [1001, 1002]));
  await ctx.db.insert(products).values([
    { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' },
    { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '7', price: '61.99', soldBy: 'Box' },
  ].map(withStock));
  await ctx.db
    .insert(systemSettings)
    .values({ key: LAST_INVENTORY_UPDATE, value: EARLIER })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: EARLIER } });
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
  salesperson = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
});

/** What the dashboard reads: GET /api/system/settings, as a signed-in salesperson. */
async function lastUpdated(): Promise<string> {
  const settings = (await salesperson.get('/api/system/settings')).json() as { key: string; value: string }[];
  return settings.find((s) => s.key === LAST_INVENTORY_UPDATE)!.value;
}

function expectJustNow(value: string, before: number) {
  expect(value).not.toBe(EARLIER);
  expect(Date.parse(value)).toBeGreaterThanOrEqual(before);
  expect(Date.parse(value)).toBeLessThanOrEqual(Date.now());
}

describe('"Last Updated" follows lots and incoming changes', () => {
  it('moves with a lots PUT and an incoming PUT', async () => {
    let before = Date.now();
    expect((await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'A', quantity: 20 }] }] })).statusCode).toBe(200);
    expectJustNow(await lastUpdated(), before);

    await ctx.db.update(systemSettings).set({ value: EARLIER }).where(inArray(systemSettings.key, [LAST_INVENTORY_UPDATE]));
    before = Date.now();
    const incoming = await put(admin, '/api/stock/incoming', { items: [{ sku: 1002, incoming: [{ quantity: 60, eta: '2027-01-11', stage: 'ordered' }] }] });
    expect(incoming.statusCode).toBe(200);
    expectJustNow(await lastUpdated(), before);
  });

  it('moves with a lots file and an incoming file, and not with a refused one', async () => {
    const upload = (kind: 'lots' | 'incoming', content: string) =>
      admin.request({ method: 'POST', url: `/api/stock/${kind}/upload`, ...multipartBody([{ filename: `${kind}.csv`, content }]) });
    expect((await upload('lots', 'sku,lot,quantity\n4242,A,5\n')).statusCode).toBe(400);
    expect(await lastUpdated()).toBe(EARLIER);

    const before = Date.now();
    expect((await upload('incoming', 'sku,quantity,eta,stage\n1001,30,2027-02-01,ordered\n')).statusCode).toBe(200);
    expectJustNow(await lastUpdated(), before);
  });
});
