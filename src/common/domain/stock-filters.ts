import { parseSmartSearch, type SearchVocabulary, type SmartSearchResult } from './smart-search';
import { matchesStockStatus, STOCK_STATUS_FILTERS, type StockStatusFilter } from './stock-status';
import { onFirstUse } from './format';
import { isOneOf } from './one-of';

/** Stock filters. Empty strings mean "any". */
export interface StockFilters {
  search: string;
  line: string;
  color: string;
  format: string;
  finish: string;
  skuRange: string;
  stockStatus: StockStatusFilter;
}

export const EMPTY_STOCK_FILTERS: StockFilters = {
  search: '',
  line: '',
  color: '',
  format: '',
  finish: '',
  skuRange: '',
  stockStatus: 'all',
};

/**
 * The query-string names of the filters on /stock and /prices (docs/ui-rules.md: state lives in the URL).
 * The catalogue screens write them; the app reads them to record searches and filters.
 */
export const STOCK_FILTER_PARAMS: Record<keyof StockFilters, string> = {
  search: 'q',
  line: 'line',
  color: 'color',
  format: 'format',
  finish: 'finish',
  skuRange: 'sku',
  stockStatus: 'status',
};

export const SKU_BUCKET_SIZE = 100;

/** The product fields the filters read. */
export interface FilterableProduct {
  id: number;
  name: string;
  collection: string | null;
  line: string | null;
  size: string | null;
  color: string | null;
  finish: string | null;
  description: string | null;
  stockLevel: string;
  quantityOnOrder: number;
}

/** "1200-1299" for SKU 1234 (buckets of 100). */
export function skuBucketOf(id: number): string {
  const start = Math.floor(id / SKU_BUCKET_SIZE) * SKU_BUCKET_SIZE;
  return `${start}-${start + SKU_BUCKET_SIZE - 1}`;
}

/** The SKU range options: one per bucket that holds at least one product, in order. */
export function skuBuckets(ids: Iterable<number>): string[] {
  const starts = new Set<number>();
  for (const id of ids) starts.add(Math.floor(id / SKU_BUCKET_SIZE) * SKU_BUCKET_SIZE);
  return [...starts].sort((a, b) => a - b).map((start) => `${start}-${start + SKU_BUCKET_SIZE - 1}`);
}

export function isStockStatusFilter(value: unknown): value is StockStatusFilter {
  return isOneOf(STOCK_STATUS_FILTERS, value);
}

/**
 * The lower-cased text free-text search looks in. Fields are joined with a
 * separator no one types, so a phrase never matches across two fields.
 */
export function searchTextOf(product: FilterableProduct): string {
  // Written out rather than [...].filter().join(): built for every product of the catalogue (ADR 0188).
  let text = String(product.id);
  text = withPart(text, product.name);
  text = withPart(text, product.collection);
  text = withPart(text, product.line);
  text = withPart(text, product.size);
  text = withPart(text, product.color);
  text = withPart(text, product.finish);
  text = withPart(text, product.description);
  return text.toLowerCase();
}

const TEXT_SEPARATOR = ' \u0001 ';
const withPart = (text: string, part: string | null | undefined) => (part === null || part === '' ? text : text + TEXT_SEPARATOR + (part ?? ''));

const sameText = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
const inList = (value: string | null, list: readonly string[]) => list.length === 0 || list.some((v) => sameText(value, v));

/**
 * A predicate for the current filters. The search is parsed once here, not per
 * product; `text` is the product's `searchTextOf`, computed once per catalogue.
 * Within one facet the understood values are alternatives (white or grey);
 * facets, free-text phrases and the dropdowns must all hold.
 */
export function createStockMatcher(
  filters: StockFilters,
  vocabulary: SearchVocabulary,
): { search: SmartSearchResult; matches: (product: FilterableProduct, text: string) => boolean } {
  const search = parseSmartSearch(filters.search, vocabulary);
  const bucket = filters.skuRange;
  const matches = (p: FilterableProduct, text: string) =>
    (!filters.line || sameText(p.line, filters.line)) &&
    (!filters.color || sameText(p.color, filters.color)) &&
    (!filters.format || sameText(p.size, filters.format)) &&
    (!filters.finish || sameText(p.finish, filters.finish)) &&
    (!bucket || skuBucketOf(p.id) === bucket) &&
    matchesStockStatus(filters.stockStatus, p) &&
    inList(p.size, search.sizes) &&
    inList(p.line, search.lines) &&
    inList(p.color, search.colors) &&
    inList(p.finish, search.finishes) &&
    search.either.every((options) => options.some((o) => sameText(p[o.facet], o.value))) &&
    search.freeText.every((phrase) => text.includes(phrase));
  return { search, matches };
}

/**
 * Filters a catalogue. `texts` gives the search texts computed once per catalogue (`texts()[i]`
 * belongs to `products[i]`); it is only called when the search has free text, so opening the stock
 * page does not build 3,000 texts nobody searches yet (~0.1 s of a phone's first load).
 */
export function filterProducts<P extends FilterableProduct>(
  products: readonly P[],
  texts: () => readonly string[],
  filters: StockFilters,
  vocabulary: SearchVocabulary,
): { rows: P[]; search: SmartSearchResult } {
  const { search, matches } = createStockMatcher(filters, vocabulary);
  const searchTexts = search.freeText.length > 0 ? texts() : undefined;
  const rows: P[] = [];
  for (let i = 0; i < products.length; i++) {
    const product = products[i]!;
    if (matches(product, searchTexts?.[i] ?? '')) rows.push(product);
  }
  return { rows, search };
}

/**
 * One collator for every sort, built on first use: `localeCompare` with options builds a new one
 * per comparison, which made sorting a 3,000-product catalogue's values a quarter of the stock
 * page's start on a phone.
 */
const naturalCollator = onFirstUse(() => new Intl.Collator('en', { numeric: true }));

/** Natural order ("3x12" before "12x24"), for sort(). */
export const naturalOrder = (a: string, b: string): number => naturalCollator().compare(a, b);

/** Distinct non-empty values of one field, sorted naturally ("3x12" before "12x24"). */
export function distinctValues<P>(products: readonly P[], pick: (p: P) => string | null): string[] {
  const values = new Set<string>();
  for (const p of products) {
    const v = pick(p);
    if (v) values.add(v);
  }
  return [...values].sort(naturalOrder);
}

/** The catalogue's own sizes, lines, colours and finishes: what the smart search can recognise. */
export function vocabularyOf(products: readonly FilterableProduct[]): SearchVocabulary {
  return {
    sizes: distinctValues(products, (p) => p.size),
    lines: distinctValues(products, (p) => p.line),
    colors: distinctValues(products, (p) => p.color),
    finishes: distinctValues(products, (p) => p.finish),
  };
}
