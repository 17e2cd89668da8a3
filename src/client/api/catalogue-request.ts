import type { Product } from '@common/contracts/products';
import { decodeCatalogueColumns } from '@common/domain/catalogue-columns';
import { api, dataOf } from '@client/lib/api-client';
import { parseCatalogueColumns, startColumnsParser } from './parse-catalogue-columns';

/**
 * The address the browser reads the catalogue from: GET /api/products as columns (ADR 0188),
 * less than half the JSON to parse. The server preloads it on /stock (first-requests.ts).
 */
export const CATALOGUE_COLUMNS_PATH = '/api/products/columns' as const;

/**
 * The catalogue, read as bytes and parsed in a worker (ADR 0198): at 50,000 products the ~10 MB of
 * JSON cost the page's thread more than everything else before the first rows. The page's thread
 * only builds the product objects from the parsed columns.
 */
export async function requestCatalogue(): Promise<Product[]> {
  const parser = startColumnsParser();
  try {
    // 'no-cache': the browser revalidates its copy with the ETag; an unchanged catalogue is a 304.
    const bytes = await dataOf(api.GET(CATALOGUE_COLUMNS_PATH, { parseAs: 'arrayBuffer', cache: 'no-cache' }));
    return decodeCatalogueColumns(await parseCatalogueColumns(bytes, parser));
  } catch (error) {
    parser?.terminate();
    throw error;
  }
}

let early: Promise<Product[]> | undefined;

/**
 * Starts reading the catalogue as the portal's entry runs, on a page that preloads it (ADR 0200).
 * The query cache that asks for it lives in the portal's own chunks, which load after React: at
 * 50,000 products the catalogue had arrived long before, and its parse and decode then stood
 * between the portal's start and the first rows. The preloaded answer is still used once.
 */
export function startCatalogueEarly(): void {
  if (early) return;
  early = requestCatalogue();
  // Reported by the query that takes it (its error state), not as an unhandled rejection here.
  early.catch(() => undefined);
}

/** The read `startCatalogueEarly` began, handed out once: later reads are fresh requests. */
export function takeEarlyCatalogue(): Promise<Product[]> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
