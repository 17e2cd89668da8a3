import { useDeferredValue, useMemo } from 'react';
import { onFirstUse } from '@common/domain/format';
import type { Product } from '@common/contracts/products';
import { filterProducts, searchTextOf, skuBuckets, vocabularyOf, type StockFilters } from '@common/domain/stock-filters';

/** What the filters offer: the catalogue's own values (spec §9: SKU buckets built from the ids present). */
export interface FilterOptions {
  lines: readonly string[];
  colors: readonly string[];
  formats: readonly string[];
  finishes: readonly string[];
  skuRanges: readonly string[];
}

/**
 * The catalogue indexed once (vocabulary, dropdown options; search texts at the first search) and
 * filtered with a deferred copy of the filters: React renders the keystroke in
 * the search box first and the table after, so typing never waits for 20,000 rows.
 */
export function useFilteredProducts(products: readonly Product[], filters: StockFilters) {
  const index = useMemo(() => {
    const vocabulary = vocabularyOf(products);
    const options: FilterOptions = {
      lines: vocabulary.lines,
      colors: vocabulary.colors,
      formats: vocabulary.sizes,
      finishes: vocabulary.finishes,
      skuRanges: skuBuckets(products.map((p) => p.id)),
    };
    // Search texts are built the first time someone searches (filterProducts asks only then).
    return { texts: onFirstUse(() => products.map(searchTextOf)), vocabulary, options };
  }, [products]);

  const deferred = useDeferredValue(filters);
  const result = useMemo(
    () => filterProducts(products, index.texts, deferred, index.vocabulary),
    [products, index, deferred],
  );
  const updating = (Object.keys(filters) as (keyof StockFilters)[]).some((key) => filters[key] !== deferred[key]);
  return { ...result, options: index.options, updating, applied: deferred };
}

