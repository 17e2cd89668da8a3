import { productPricesResponse, type ProductPrices } from '@common/contracts/product-prices';
import { todayIn } from '@common/domain/business-days';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { withStock } from '../../../../test/cart-fixtures';
import { companies, priceListAssignments, priceListEntries, priceLists, products, users } from '../../db/schema';
import { priceCandidates } from '../price-list';
import { createPriceOverlay } from './price-overlay';
import { pricesVersion as readPricesVersion } from '../price-list';

/**
 * GET /api/products/prices (docs/decisions/0232): each company's prices as an overlay on the one shared
 * catalogue, through company and group lists, dates and breaks; cached per company with an ETag; never
 * another company's.
 */
const ctx = useTestApp();

const today = todayIn();
const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const ids = { a: 0, b: 0, c: 0, contractA: 0 };
const people = {} as Record<'dealerA' | 'dealerB' | 'dealerC' | 'loner' | 'rep' | 'admin', { username: string; password: string; id: number }>;

async function dealerOf(companyId: number | null) {
  const user = await createUser(ctx.db, { role: 'bold_customer' });
  if (companyId !== null) await ctx.db.update(users).set({ companyId, companyRole: 'buyer' }).where(eq(users.id, user.id));
  return user;
}

async function list(code: string, entries: [number, number, string][], dates: { validFrom?: string; validTo?: string } = {}) {
  const [row] = await ctx.db
    .insert(priceLists)
    .values({ code, name: code === 'CONTRACT-A' ? 'Contract 2026' : code, validFrom: dates.validFrom ?? null, validTo: dates.validTo ?? null })
    .returning();
  await ctx.db.insert(priceListEntries).values(entries.map(([productId, minQuantity, price]) => ({ priceListId: row!.id, productId, minQuantity, price })));
  return row!.id;
}

beforeAll(async () => {
  await ctx.db.insert(products).values(
    [
      { id: 101, name: 'Calacatta', price: '10.00', stockLevel: '500' },
      { id: 102, name: 'Urban Concrete', price: '20.00', stockLevel: '5' },
      { id: 103, name: 'Onyx slab', price: null, stockLevel: '0' },
      { id: 104, name: 'Subway', price: '5.00', stockLevel: '50' },
      { id: 105, name: 'Travertino', price: '7.00', stockLevel: '50' },
    ].map(withStock),
  );
  const [a, b, c] = await ctx.db
    .insert(companies)
    .values([{ name: 'Stone & Co', priceGroup: 'gold' }, { name: 'Tile Barn' }, { name: 'Gold Two', priceGroup: 'gold' }])
    .returning();
  Object.assign(ids, { a: a!.id, b: b!.id, c: c!.id });
  ids.contractA = await list('CONTRACT-A', [
    [101, 1, '8.40'],
    [101, 100, '7.90'],
    [103, 1, '50.00'],
    [999, 1, '1.00'], // a SKU not in the catalogue
  ]);
  const gold = await list('GOLD', [
    [101, 1, '9.00'],
    [102, 1, '18.00'],
    [104, 1, '5.00'], // the base price: nothing to overlay
  ]);
  const expired = await list('OLD-A', [[102, 1, '1.00']], { validTo: shift(-1) });
  const future = await list('NEXT-A', [[105, 1, '1.00']], { validFrom: shift(1) });
  const contractB = await list('CONTRACT-B', [[101, 1, '6.00']]);
  await ctx.db.insert(priceListAssignments).values([
    { priceListId: ids.contractA, companyId: ids.a, priority: 10 },
    { priceListId: expired, companyId: ids.a, priority: 20 },
    { priceListId: future, companyId: ids.a, priority: 20 },
    { priceListId: gold, priceGroup: 'gold', priority: 0 },
    { priceListId: contractB, companyId: ids.b, priority: 0 },
  ]);
  people.dealerA = await dealerOf(ids.a);
  people.dealerB = await dealerOf(ids.b);
  people.dealerC = await dealerOf(ids.c);
  people.loner = await dealerOf(null);
  people.rep = await createUser(ctx.db, { role: 'salesperson' });
  people.admin = await createUser(ctx.db, { role: 'admin' });
});

async function as(who: keyof typeof people) {
  return new TestClient(ctx.app).signInAs(people[who], who === 'admin' ? 'admin' : undefined);
}

function pricesOf(response: { statusCode: number; json(): unknown }): ProductPrices {
  expect(response.statusCode).toBe(200);
  return productPricesResponse.parse(response.json());
}

/** The overlay as "sku: price from list, from+ price from list" lines, for readable expectations. */
function described(overlay: ProductPrices): string[] {
  return overlay.prices.map(
    (entry) => `${entry.id}: ${entry.steps.map((s) => `${s.from}+ ${s.price ?? 'CALL'} ${s.list === null ? 'base' : overlay.lists[s.list]!.name}`).join(', ')}`,
  );
}

describe('GET /api/products/prices', () => {
  it("answers a dealer their company's prices: company list over group list, breaks, dates, CALL, only what differs", async () => {
    const overlay = pricesOf(await (await as('dealerA')).get('/api/products/prices'));
    expect(overlay.companyId).toBe(ids.a);
    expect(overlay.companyName).toBe('Stone & Co');
    expect(overlay.today).toBe(today);
    expect(described(overlay)).toEqual([
      '101: 1+ 8.40 Contract 2026, 100+ 7.90 Contract 2026',
      '102: 1+ 18.00 GOLD',
      '103: 1+ 50.00 Contract 2026',
    ]);
    expect(overlay.lists.find((l) => l.name === 'Contract 2026')?.code).toBe('CONTRACT-A');
  });

  it("answers a company with only its group's list the group's prices", async () => {
    expect(described(pricesOf(await (await as('dealerC')).get('/api/products/prices')))).toEqual(['101: 1+ 9.00 GOLD', '102: 1+ 18.00 GOLD']);
  });

  it("never answers a dealer another company's prices, nor lets one name a company (403)", async () => {
    const b = await as('dealerB');
    const own = await b.get('/api/products/prices');
    expect(described(pricesOf(own))).toEqual(['101: 1+ 6.00 CONTRACT-B']);
    expect(own.body).not.toContain('CONTRACT-A');
    expect(own.body).not.toContain('8.40');
    const other = await b.get(`/api/products/prices?companyId=${ids.a}`);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('8.40');
    expect((await b.get(`/api/products/prices?companyId=${ids.b}`)).statusCode).toBe(403);
  });

  it('answers salespeople and dealers without a company an empty overlay; refuses the signed-out', async () => {
    for (const who of ['rep', 'loner'] as const) {
      expect(pricesOf(await (await as(who)).get('/api/products/prices'))).toMatchObject({ companyId: null, lists: [], prices: [] });
    }
    expect((await (await as('rep')).get(`/api/products/prices?companyId=${ids.a}`)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get('/api/products/prices')).statusCode).toBe(401);
  });

  it("lets an admin see any company's prices by choosing it, and none without choosing", async () => {
    const admin = await as('admin');
    expect(pricesOf(await admin.get('/api/products/prices')).prices).toEqual([]);
    const a = pricesOf(await admin.get(`/api/products/prices?companyId=${ids.a}`));
    expect(described(a)).toEqual(described(pricesOf(await (await as('dealerA')).get('/api/products/prices'))));
    expect((await admin.get('/api/products/prices?companyId=999999')).statusCode).toBe(404);
    const bad = await admin.get('/api/products/prices?companyId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/companyId/);
  });

  it('sends the same compressed bytes, and a 304 while nothing changed', async () => {
    const a = await as('dealerA');
    const plain = await a.get('/api/products/prices');
    const br = await a.request({ method: 'GET', url: '/api/products/prices', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"prices-/);
    const again = await a.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another company's ETag is another company's: it never answers 304 for this one.
    const b = await as('dealerB');
    expect((await b.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  it('answers new prices at once when a list changes, an assignment changes or the company changes group', async () => {
    const a = await as('dealerA');
    const first = await a.get('/api/products/prices');
    // A price-list write bumps the module's prices version in the same transaction (docs/decisions/0231).
    await ctx.db.transaction(async (tx) => {
      await tx.update(priceListEntries).set({ price: '8.10' }).where(sql`${priceListEntries.priceListId} = ${ids.contractA} AND ${priceListEntries.productId} = 101 AND ${priceListEntries.minQuantity} = 1`);
      await tx.execute(sql`UPDATE price_list_version SET version = version + 1`);
    });
    const second = await a.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': first.headers.etag as string } });
    expect(described(pricesOf(second))[0]).toBe('101: 1+ 8.10 Contract 2026, 100+ 7.90 Contract 2026');

    // The contract list now also given to company B, first: B sees it; A's ETag unaffected in content.
    const b = await as('dealerB');
    const bBefore = await b.get('/api/products/prices');
    await ctx.db.insert(priceListAssignments).values({ priceListId: ids.contractA, companyId: ids.b, priority: 50 });
    await ctx.db.execute(sql`UPDATE price_list_version SET version = version + 1`);
    const bAfter = await b.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': bBefore.headers.etag as string } });
    expect(described(pricesOf(bAfter))).toContain('101: 1+ 8.10 Contract 2026, 100+ 7.90 Contract 2026');
    await ctx.db.delete(priceListAssignments).where(sql`${priceListAssignments.companyId} = ${ids.b} AND ${priceListAssignments.priceListId} = ${ids.contractA}`);
    await ctx.db.execute(sql`UPDATE price_list_version SET version = version + 1`);

    // Company C leaves the gold group: its overlay empties.
    const c = await as('dealerC');
    const cBefore = await c.get('/api/products/prices');
    // The companies module moves updated_at with every edit (docs/decisions/0230).
    await ctx.db.update(companies).set({ priceGroup: null, updatedAt: sql`clock_timestamp()` }).where(eq(companies.id, ids.c));
    const cAfter = await c.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': cBefore.headers.etag as string } });
    expect(pricesOf(cAfter).prices).toEqual([]);
    await ctx.db.update(companies).set({ priceGroup: 'gold', updatedAt: sql`clock_timestamp()` }).where(eq(companies.id, ids.c));
  });

  it('follows a base price change in the catalogue (an SKU priced at the base drops out)', async () => {
    const a = await as('dealerA');
    const before = await a.get('/api/products/prices');
    expect(described(pricesOf(before))).toContain('102: 1+ 18.00 GOLD');
    await ctx.db.transaction(async (tx) => {
      await tx.update(products).set({ price: '18.00' }).where(eq(products.id, 102));
      await tx.execute(sql`UPDATE system_settings SET value = 'moved-' || md5(random()::text) WHERE key = 'catalogue_version'`);
    });
    const after = await a.request({ method: 'GET', url: '/api/products/prices', headers: { 'if-none-match': before.headers.etag as string } });
    expect(described(pricesOf(after)).some((line) => line.startsWith('102:'))).toBe(false);
  });
});

describe('the overlay cache', () => {
  it('builds a company once per version; a new version builds again; concurrent askers share a build', async () => {
    let reads = 0;
    let version = 'v1';
    const overlay = createPriceOverlay({
      db: ctx.db,
      candidates: (tx, companyId) => {
        reads += 1;
        return priceCandidates(tx, companyId, null);
      },
      pricesVersion: async (tx) => `${version}/${await readPricesVersion(tx)}`,
      catalogueVersion: async () => 'catalogue',
      today: () => today,
      company: async () => ({ name: 'Stone & Co' }),
    });
    const { key } = await overlay.currentEtag(ids.a);
    const [one, two] = await Promise.all([overlay.body(ids.a, key), overlay.body(ids.a, key)]);
    expect(one).toBe(two);
    expect(reads).toBe(1);
    await overlay.body(ids.a, key);
    expect(reads).toBe(1);
    expect(overlay.cached().companies).toBe(1);
    version = 'v2';
    const next = await overlay.currentEtag(ids.a);
    expect(next.etag).not.toBe(one.etag);
    await overlay.body(ids.a, next.key);
    expect(reads).toBe(2);
  });

  it('drops the least recently used company past its byte budget', async () => {
    const overlay = createPriceOverlay({
      db: ctx.db,
      candidates: (tx, companyId) => priceCandidates(tx, companyId, null),
      pricesVersion: readPricesVersion,
      catalogueVersion: async () => 'catalogue',
      today: () => today,
      company: async () => ({ name: 'Stone & Co' }),
      cacheBytes: 1,
    });
    for (const companyId of [ids.a, ids.b]) await overlay.body(companyId, (await overlay.currentEtag(companyId)).key);
    expect(overlay.cached().companies).toBe(1);
  });
});
