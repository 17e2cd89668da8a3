import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCatalogueColumns } from '@common/domain/catalogue-columns';
import type { Product } from '@common/contracts/products';
import { startCatalogueEarly } from './catalogue-request';
import { getProducts } from './get-products';

afterEach(() => vi.unstubAllGlobals());

const tile = { id: 1001, name: 'Tile', collection: null, line: 'Calacatta', size: '12x24', color: 'White', finish: 'Matte', soldBy: 'Box', description: null, imageUrl: null, stockLevel: '5', coverage: '15.5', quantityOnOrder: 0 } as Product;

/** The browser's network: each call answers the catalogue as columns. */
function stubCatalogue() {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(encodeCatalogueColumns([tile], false)), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the catalogue read started by the entry (ADR 0200)', () => {
  it('is the one the first query takes; the next query asks again', async () => {
    const fetchMock = stubCatalogue();
    startCatalogueEarly();
    startCatalogueEarly();
    // Sent at once: only the client's middleware (promises, no timer) stands before fetch.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 50, interval: 0 });
    expect((await getProducts()).map((p) => p.id)).toEqual([1001]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await getProducts();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands a failed early read to the query that takes it', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ message: 'Not allowed' }), { status: 403 })));
    startCatalogueEarly();
    await expect(getProducts()).rejects.toMatchObject({ status: 403 });
  });
});
