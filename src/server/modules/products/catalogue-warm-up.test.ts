import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { products } from '../../db/schema';
import { createSettingsService } from '../settings';
import { createProductsService } from './service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The SKUs a columns body holds. */
function skusOf(body: Buffer): number[] {
  return (JSON.parse(gunzipSync(body).toString()) as { id: number[] }).id;
}

describe('the catalogue built before the first visitor (ADR 0200)', () => {
  it('warm() builds the columns with and without prices, so the first request reads nothing more', async () => {
    const service = createProductsService({ db: database.db, settings: createSettingsService(database.db) });
    await service.ensureVersion();
    await database.db.insert(products).values({ id: 4101, name: 'Warm tile' });
    await service.warm();
    // Written behind the service's back (no version change): a body built now would hold it, one built by warm() does not.
    await database.db.insert(products).values({ id: 4102, name: 'Later tile' });
    const version = await service.currentVersion();
    for (const variant of ['no-prices', 'full'] as const) {
      const body = await service.body(variant, version, 'columns');
      expect(skusOf(body.bodies.gzip), variant).toEqual([4101]);
    }
    // Without warm(), the same request builds the body then (the control).
    const cold = createProductsService({ db: database.db, settings: createSettingsService(database.db) });
    expect(skusOf((await cold.body('full', version, 'columns')).bodies.gzip)).toEqual([4101, 4102]);
  });
});
