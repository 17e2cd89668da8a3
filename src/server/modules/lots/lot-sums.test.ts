import { LOT_MESSAGES } from '@common/domain/lots';
import { asc, eq, gte, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put, productColumns, withStock } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { productLots, products } from '../../db/schema';
import { stockLevelSql } from '../products';

/*
 * Stock = sum of lots (and quantity on order = sum of loads), kept by every change (ADR 0186) through
 * the lots module's sync (sync-sums.ts, docs/decisions/0223-stock-as-a-count-and-a-status.md), for
 * a few SKUs and for many; and the stock import and PATCH /api/stock keep the sums of a SKU with lots
 * or loads. Each test below fails if one of those paths lets a number drift from the sum.
 */

const ctx = useTestApp();

/** SKUs 20001..20300: enough for a file of over 500 lots (the sync's bulk path). */
const MANY = Array.from({ length: 300 }, (_, i) => 20_001 + i);

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(products).where(gte(products.id, 20_001));
  await ctx.db.insert(products).values(MANY.map((id) => withStock({ id, name: `Tile ${id}`, stockLevel: '7', quantityOnOrder: 3, price: '10.00', soldBy: 'Box' })));
  const user = await createUser(ctx.db, { role: 'admin' });
  admin = await new TestClient(ctx.app).signInAs(user, 'admin');
});

function upload(kind: 'lots' | 'incoming', content: string) {
  return admin.request({ method: 'POST', url: `/api/stock/${kind}/upload`, ...multipartBody([{ filename: `${kind}.csv`, content }]) });
}

/** SKUs of MANY whose stock (or quantity on order) is not the sum of their lots (loads). */
async function drifted() {
  const result = await ctx.db.execute(sql`
    select p.id, p.stock_status, p.stock_count, p.quantity_on_order,
      (select sum(quantity) from product_lots l where l.product_id = p.id) as lots,
      (select sum(quantity) from incoming_loads i where i.product_id = p.id) as loads
    from products p where p.id >= 20001
      and ((exists (select 1 from product_lots l where l.product_id = p.id)
            and (p.stock_status <> 'in_stock' or p.stock_count is distinct from (select sum(quantity) from product_lots l where l.product_id = p.id)::integer))
        or p.quantity_on_order is distinct from coalesce((select sum(quantity) from incoming_loads i where i.product_id = p.id)::integer, p.quantity_on_order))`);
  return result.rows;
}

const levelOf = async (id: number) => (await ctx.db.select(productColumns).from(products).where(eq(products.id, id)))[0]!;

describe('stock level = sum of lots, on every path of the triggers', () => {
  it('a file of many lots (bulk path) sets every SKU to its sum; a later file that drops and changes lots too', async () => {
    const rows = MANY.flatMap((id) => [`${id},A,S1,C1,Main,${id % 50}`, `${id},B,S2,C1,East,5`]);
    const first = await upload('lots', ['sku,lot,shade,caliber,warehouse,quantity', ...rows].join('\n'));
    expect(first.statusCode, first.body).toBe(200);
    expect(await drifted()).toEqual([]);
    expect((await levelOf(20_010)).stockLevel).toBe(String((20_010 % 50) + 5));
    const keptBefore = (await ctx.db.select().from(productLots).where(eq(productLots.lot, 'A')).orderBy(asc(productLots.productId))).map((l) => l.id);

    // Lot B leaves every SKU, lot A changes on half of them, lot C arrives on the rest.
    const next = MANY.flatMap((id, i) => (i % 2 === 0 ? [`${id},A,S1,C1,Main,1`] : [`${id},A,S1,C1,Main,${id % 50}`, `${id},C,S9,C3,Main,2`]));
    expect((await upload('lots', ['sku,lot,shade,caliber,warehouse,quantity', ...next].join('\n'))).statusCode).toBe(200);
    expect(await drifted()).toEqual([]);
    expect((await levelOf(20_001)).stockLevel).toBe('1');
    expect((await levelOf(20_002)).stockLevel).toBe(String((20_002 % 50) + 2));
    // A lot the file still names keeps its row, so allocations made from it stay linked (ADR 0185).
    const keptAfter = (await ctx.db.select().from(productLots).where(eq(productLots.lot, 'A')).orderBy(asc(productLots.productId))).map((l) => l.id);
    expect(keptAfter).toEqual(keptBefore);
    expect(await ctx.db.select().from(productLots).where(eq(productLots.lot, 'B'))).toEqual([]);
  });

  it('many SKUs emptied at once (bulk path of the delete) go to 0', async () => {
    const rows = MANY.flatMap((id) => [`${id},A,S1,C1,Main,3`, `${id},B,S2,C1,East,5`]);
    expect((await upload('lots', ['sku,lot,shade,caliber,warehouse,quantity', ...rows].join('\n'))).statusCode).toBe(200);
    expect((await levelOf(20_300)).stockLevel).toBe('8');
    const emptied = await put(admin, '/api/stock/lots', { items: MANY.map((sku) => ({ sku, lots: [] })) });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const levels = await ctx.db.select({ stockLevel: stockLevelSql() }).from(products).where(gte(products.id, 20_001));
    expect(new Set(levels.map((l) => l.stockLevel))).toEqual(new Set(['0']));
  });

  it('a few lots (per-SKU path), and a SKU whose lots are all taken away goes to 0', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 20_001, lots: [{ lot: 'A', quantity: 4 }, { lot: 'B', quantity: 6 }] }, { sku: 20_002, lots: [{ lot: 'A', quantity: 9 }] }] });
    expect((await levelOf(20_001)).stockLevel).toBe('10');
    expect((await levelOf(20_002)).stockLevel).toBe('9');
    const emptied = await put(admin, '/api/stock/lots', { items: [{ sku: 20_001, lots: [] }] });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await levelOf(20_001)).stockLevel).toBe('0');
    expect((await levelOf(20_002)).stockLevel).toBe('9');
    expect(await drifted()).toEqual([]);
  });

  it('quantity on order follows the loads on both paths', async () => {
    const rows = MANY.flatMap((id) => [`${id},100,2026-12-14,on_vessel,,C-1`, `${id},${id % 7},2027-01-20,ordered,,`]);
    expect((await upload('incoming', ['sku,quantity,eta,stage,lot,reference', ...rows].join('\n'))).statusCode).toBe(200);
    expect((await levelOf(20_005)).quantityOnOrder).toBe(100 + (20_005 % 7));
    await put(admin, '/api/stock/incoming', { items: [{ sku: 20_005, incoming: [{ quantity: 12, eta: '2026-12-20', stage: 'in_transit' }] }] });
    expect((await levelOf(20_005)).quantityOnOrder).toBe(12);
    expect(await drifted()).toEqual([]);
  });

  it('a stock file and PATCH /api/stock keep the sums of a SKU with lots or loads, and set a SKU without them', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 20_003, lots: [{ lot: 'X', quantity: 11 }] }] });
    await put(admin, '/api/stock/incoming', { items: [{ sku: 20_003, incoming: [{ quantity: 8, eta: '2026-12-14', stage: 'ordered' }] }] });
    // The preview shows what the confirm will write: the sums stay, and a warning says why.
    const previewed = await admin.request({
      method: 'POST',
      url: '/api/stock/upload/preview',
      ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel,quantityOnOrder\n20003,500,40\n20004,42,5\n' }]),
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json() as { changed: { id: number; changes: { field: string; after: string | null }[] }[]; warnings: { validationIssues: { row: number; sku: string; field: string; issue: string }[] } };
    expect(preview.changed.find((c) => c.id === 20_003)).toBeUndefined();
    expect(preview.warnings.validationIssues).toEqual([
      expect.objectContaining({ row: 2, sku: '20003', field: 'stockLevel', issue: LOT_MESSAGES.fileLevelIsLotSum('500', '11') }),
      expect.objectContaining({ row: 2, sku: '20003', field: 'quantityOnOrder', issue: LOT_MESSAGES.fileOnOrderIsLoadSum('40', '8') }),
    ]);
    const file = await admin.request({
      method: 'POST',
      url: '/api/stock/upload',
      ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel,quantityOnOrder\n20003,500,40\n20004,42,5\n20005,Special Order Only,0\n' }]),
    });
    expect(file.statusCode, file.body).toBe(200);
    // The upload's answer carries the same warnings as the preview.
    expect(file.json().warnings.validationIssues.map((i: { field: string; issue: string }) => i.issue)).toEqual([
      LOT_MESSAGES.fileLevelIsLotSum('500', '11'),
      LOT_MESSAGES.fileOnOrderIsLoadSum('40', '8'),
    ]);
    expect(await levelOf(20_003)).toMatchObject({ stockLevel: '11', quantityOnOrder: 8 });
    expect(await levelOf(20_004)).toMatchObject({ stockLevel: '42', quantityOnOrder: 5 });
    expect(await levelOf(20_005)).toMatchObject({ stockLevel: 'Special Order Only', quantityOnOrder: 0 });
    const patched = await admin.request({ method: 'PATCH', url: '/api/stock', payload: { items: [{ sku: 20_003, stockLevel: 900 }, { sku: 20_004, stockLevel: 43 }] } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ updated: 1, unchanged: 1 });
    // The answer tells the ERP the level it sent for the SKU with lots was not the one kept, and why.
    expect(patched.json().adjusted).toEqual([{ sku: 20_003, sent: '900', stockLevel: '11', reason: LOT_MESSAGES.levelIsLotSum('11') }]);
    expect((await levelOf(20_003)).stockLevel).toBe('11');
    expect((await levelOf(20_004)).stockLevel).toBe('43');
    expect(await drifted()).toEqual([]);
  });
});
