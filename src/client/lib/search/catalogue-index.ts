import { parseSmartSearch, tokenizeSearch, type SearchOption, type SearchVocabulary, type SmartSearchResult } from '@common/domain/smart-search';
import { matchesStockStatus, type StockStatusFilter } from '@common/domain/stock-status';
import { searchTextOf, skuBucketOf, skuBuckets, vocabularyOf, type FilterableProduct, type StockFilters } from '@common/domain/stock-filters';

/** The facets a filter or a search word compares, case-insensitively, with a product's own value. */
type Facet = 'line' | 'color' | 'size' | 'finish';
const FACETS: readonly Facet[] = ['line', 'color', 'size', 'finish'];

/** Free-text phrases whose matching products are kept, most recently used last (typing reuses them). */
const PHRASES_KEPT = 48;

const NO_VOCABULARY: SearchVocabulary = { sizes: [], lines: [], colors: [], finishes: [] };

/** Search texts built per slice of warm-up work, between checks of the time left. */
const TEXT_SLICE = 2_000;

/** One product field's values, lower-cased, as small numbers: comparing numbers is what a keystroke repeats 50,000 times. */
interface FacetCodes {
  /** `codes[i]` numbers `(products[i][facet] ?? '').toLowerCase()`. */
  codes: Int32Array;
  /** Lower-cased value -> its number. */
  numbers: Map<string, number>;
}

/** One condition: the product's value of any of these facets is among the allowed numbers. */
type Condition = { codes: Int32Array; allowed: Uint8Array }[];

/**
 * The catalogue indexed once, filtered per keystroke with exactly the results of
 * `filterProducts` (stock-filters.ts, ADR 0014's smart search) but without its per-product work
 * (ADR 0188):
 * - each facet value is lower-cased once and numbered, so "line is Calacatta Luxe" and "size is
 *   12x24 or 24x48" are comparisons of small numbers rather than `toLowerCase()` per product;
 * - the search texts are built once (`searchTextOf`), ahead of need with `prepare`;
 * - the products containing a free-text phrase are kept per phrase: a phrase that extends a kept
 *   one ("12x24 mat" after "12x24 ma") is looked for only among that phrase's products, since a
 *   text containing a phrase contains every part of it.
 */
export function createCatalogueIndex<P extends FilterableProduct>(products: readonly P[]) {
  const count = products.length;
  // Built on first use (ADR 0198): the first rows need neither, and at 50,000 products they cost
  // ~50-100 ms before the first paint on a busy machine.
  let vocabulary: SearchVocabulary | undefined;
  let skuRanges: string[] | undefined;
  const vocabularyNow = () => (vocabulary ??= vocabularyOf(products));
  const texts: string[] = [];
  const phrases = new Map<string, Int32Array>();
  const statuses = new Map<StockStatusFilter, Uint8Array>();
  let facets: Record<Facet, FacetCodes> | undefined;

  function facetCodes(): Record<Facet, FacetCodes> {
    if (facets) return facets;
    const built = {} as Record<Facet, FacetCodes>;
    for (const facet of FACETS) {
      const numbers = new Map<string, number>();
      // The same few raw values repeat: lower-case each once.
      const byRaw = new Map<string | null, number>();
      const codes = new Int32Array(count);
      for (let i = 0; i < count; i++) {
        const raw = products[i]![facet];
        let code = byRaw.get(raw);
        if (code === undefined) {
          const lower = (raw ?? '').toLowerCase();
          code = numbers.get(lower);
          if (code === undefined) {
            code = numbers.size;
            numbers.set(lower, code);
          }
          byRaw.set(raw, code);
        }
        codes[i] = code;
      }
      built[facet] = { codes, numbers };
    }
    facets = built;
    return built;
  }

  /**
   * Does ahead of need what the first searches would otherwise wait for: numbers the facet
   * values, then builds the search texts a slice at a time until `timeLeft()` says stop.
   * True once everything is built.
   */
  function prepare(timeLeft: () => boolean = () => true): boolean {
    facetCodes();
    if (!timeLeft()) return false;
    while (texts.length < count) {
      const end = Math.min(count, texts.length + TEXT_SLICE);
      for (let i = texts.length; i < end; i++) texts.push(searchTextOf(products[i]!));
      if (!timeLeft()) break;
    }
    return texts.length === count;
  }

  /** Ascending indexes of the products whose search text contains `phrase`. */
  function containing(phrase: string): Int32Array {
    const kept = phrases.get(phrase);
    if (kept) {
      phrases.delete(phrase);
      phrases.set(phrase, kept);
      return kept;
    }
    prepare();
    // The fewest products among kept phrases this one contains: no other product can contain it.
    let among: Int32Array | undefined;
    for (const [shorter, list] of phrases) {
      if ((!among || list.length < among.length) && phrase.includes(shorter)) among = list;
    }
    const found = new Int32Array(among ? among.length : count);
    let n = 0;
    if (among) {
      for (let a = 0; a < among.length; a++) {
        const i = among[a]!;
        if (texts[i]!.includes(phrase)) found[n++] = i;
      }
    } else {
      for (let i = 0; i < count; i++) if (texts[i]!.includes(phrase)) found[n++] = i;
    }
    const list = found.slice(0, n);
    if (phrases.size >= PHRASES_KEPT) phrases.delete(phrases.keys().next().value!);
    phrases.set(phrase, list);
    return list;
  }

  /** Any of these facet values (compared as `sameText` does: lower-cased, null as ''); an unknown value allows nothing. */
  function oneOf(options: readonly { facet: Facet; value: string }[]): Condition {
    const codes = facetCodes();
    const condition: Condition = [];
    for (const facet of FACETS) {
      const { numbers, codes: column } = codes[facet];
      let allowed: Uint8Array | undefined;
      for (const option of options) {
        if (option.facet !== facet) continue;
        allowed ??= new Uint8Array(numbers.size);
        const code = numbers.get(option.value.toLowerCase());
        if (code !== undefined) allowed[code] = 1;
      }
      if (allowed) condition.push({ codes: column, allowed });
    }
    return condition;
  }

  function statusMarks(filter: StockStatusFilter): Uint8Array {
    let marks = statuses.get(filter);
    if (!marks) {
      marks = new Uint8Array(count);
      for (let i = 0; i < count; i++) marks[i] = matchesStockStatus(filter, products[i]!) ? 1 : 0;
      statuses.set(filter, marks);
    }
    return marks;
  }

  /** How long the last `filter` took, in ms: the stock page defers the rows behind the letter when it is long (ADR 0200). */
  let lastFilterMs = 0;

  function filter(filters: StockFilters): { rows: P[]; search: SmartSearchResult } {
    const started = performance.now();
    try {
      return filterNow(filters);
    } finally {
      lastFilterMs = performance.now() - started;
    }
  }

  function filterNow(filters: StockFilters): { rows: P[]; search: SmartSearchResult } {
    // An empty search reads no vocabulary: it matches no value of any catalogue.
    const search = parseSmartSearch(filters.search, tokenizeSearch(filters.search).length === 0 ? NO_VOCABULARY : vocabularyNow());
    const conditions: Condition[] = [];
    const dropdowns: [Facet, string][] = [
      ['line', filters.line],
      ['color', filters.color],
      ['size', filters.format],
      ['finish', filters.finish],
    ];
    for (const [facet, value] of dropdowns) if (value) conditions.push(oneOf([{ facet, value }]));
    const lists: [Facet, readonly string[]][] = [
      ['size', search.sizes],
      ['line', search.lines],
      ['color', search.colors],
      ['finish', search.finishes],
    ];
    for (const [facet, values] of lists) if (values.length > 0) conditions.push(oneOf(values.map((value) => ({ facet, value }))));
    for (const group of search.either) conditions.push(oneOf(group.map((option: SearchOption) => option)));

    const bucket = filters.skuRange;
    const status = filters.stockStatus === 'all' ? undefined : statusMarks(filters.stockStatus);
    const candidates = search.freeText.length > 0 ? allContaining(search.freeText) : undefined;
    const noCondition = conditions.length === 0 && !bucket && !status;
    if (noCondition && !candidates) return { rows: products.slice(), search };

    // Plain indexed loops over flat arrays: this runs for every product on every keystroke.
    const columns: Int32Array[] = [];
    const allowed: Uint8Array[] = [];
    /** Condition k is met when any of its pairs `ends[k-1] <= j < ends[k]` allows the product's value. */
    const ends: number[] = [];
    for (const condition of conditions) {
      for (const pair of condition) {
        columns.push(pair.codes);
        allowed.push(pair.allowed);
      }
      ends.push(columns.length);
    }
    const test = (i: number): boolean => {
      let j = 0;
      for (let k = 0; k < ends.length; k++) {
        let met = false;
        for (const end = ends[k]!; j < end; j++) if (allowed[j]![columns[j]![i]!] === 1) met = true;
        if (!met) return false;
      }
      if (status !== undefined && status[i] !== 1) return false;
      return !bucket || skuBucketOf(products[i]!.id) === bucket;
    };
    const rows: P[] = [];
    if (candidates) {
      for (let c = 0; c < candidates.length; c++) {
        const i = candidates[c]!;
        if (test(i)) rows.push(products[i]!);
      }
    } else {
      for (let i = 0; i < count; i++) if (test(i)) rows.push(products[i]!);
    }
    return { rows, search };
  }

  /** The products containing every phrase: the intersection of each phrase's ascending list. */
  function allContaining(freeText: readonly string[]): Int32Array {
    const lists = freeText.map(containing).sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (const list of lists.slice(1)) {
      const both = new Int32Array(result.length);
      let n = 0;
      let j = 0;
      for (const i of result) {
        while (j < list.length && list[j]! < i) j++;
        if (list[j] === i) both[n++] = i;
      }
      result = both.slice(0, n);
    }
    return result;
  }

  return {
    get vocabulary(): SearchVocabulary {
      return vocabularyNow();
    },
    get skuRanges(): string[] {
      return (skuRanges ??= skuBuckets(products.map((p) => p.id)));
    },
    filter,
    prepare,
    get lastFilterMs(): number {
      return lastFilterMs;
    },
  };
}

export type CatalogueIndex<P extends FilterableProduct> = ReturnType<typeof createCatalogueIndex<P>>;
