import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Product } from '@common/contracts/products';
import { createCatalogueIndex, type CatalogueIndex } from '@client/lib/search/catalogue-index';
import type { StockFilters } from '@common/domain/stock-filters';
import { rankBySku } from './sku-rank';
import { afterNextPaint } from './use-catalogue';

/** What the filters offer: the catalogue's own values (SKU buckets built from the ids present). */
export interface FilterOptions {
  lines: readonly string[];
  colors: readonly string[];
  formats: readonly string[];
  finishes: readonly string[];
  skuRanges: readonly string[];
}

const NO_OPTIONS: FilterOptions = { lines: [], colors: [], formats: [], finishes: [], skuRanges: [] };

/** The dropdowns' values; the SKU ranges only with `withRanges`. */
function optionsOf(index: CatalogueIndex<Product>, withRanges: boolean): FilterOptions {
  const { lines, colors, sizes, finishes } = index.vocabulary;
  return { lines, colors, formats: sizes, finishes, skuRanges: withRanges ? index.skuRanges : [] };
}

/**
 * Longest filtering that may hold a keystroke's render: one 60 Hz frame. Beyond it (the first
 * letters over 50,000 products on a slow phone) the letter would wait for the rows long enough to
 * feel, so the rows follow it instead (a deferred value).
 */
const SYNC_FILTER_BUDGET_MS = 16;

/** Longest slice of index building per idle moment, so a keystroke or a scroll never waits behind it. */
const IDLE_SLICE_MS = 8;

/** Runs `work` in idle moments (a task per moment where there is no requestIdleCallback) until it says it is done. */
function whenIdle(work: (timeLeft: () => boolean) => boolean): () => void {
  let cancelled = false;
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    if (cancelled) return;
    const until = performance.now() + Math.min(IDLE_SLICE_MS, deadline?.timeRemaining() ?? IDLE_SLICE_MS);
    if (!work(() => performance.now() < until)) schedule();
  };
  const schedule = () => {
    handle = idle ? requestIdleCallback(step, { timeout: 1_000 }) : setTimeout(step, 0);
  };
  schedule();
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (idle) cancelIdleCallback(handle as number);
    else clearTimeout(handle);
  };
}

/**
 * The catalogue indexed once (`createCatalogueIndex`, ADR 0188: vocabulary, dropdown options,
 * numbered facet values and search texts, the last two built in idle moments after the rows
 * painted) and filtered in the keystroke's render, or after it when filtering is slow (ADR 0200).
 * The dropdowns' values are listed just after the first rows painted (ADR 0198): unfiltered rows
 * need no index, and at 50,000 products listing them held the first rows back.
 */
export function useFilteredProducts(products: readonly Product[], filters: StockFilters) {
  const index = useMemo(() => createCatalogueIndex(products), [products]);
  const [listed, setListed] = useState<{ index: CatalogueIndex<Product>; options: FilterOptions } | null>(null);
  useEffect(() => {
    if (products.length === 0) return undefined;
    // The four facets first, the SKU ranges a paint later (ADR 0200): the demo catalogue has 201
    // ranges, and all ~300 options in one commit were a long task on a phone after the first rows.
    let stopRanges: () => void = () => undefined;
    const stopListing = afterNextPaint(() => {
      setListed({ index, options: optionsOf(index, false) });
      stopRanges = afterNextPaint(() => setListed({ index, options: optionsOf(index, true) }));
    });
    const stopPreparing = whenIdle(index.prepare);
    return () => {
      stopListing();
      stopRanges();
      stopPreparing();
    };
  }, [index, products.length]);
  const options = listed?.index === index ? listed.options : NO_OPTIONS;

  // A keystroke's rows are filtered in the keystroke's own render while that is cheap, so they
  // paint in the same frame as the letter (ADR 0200); once a filtering took longer than a frame
  // (a slow phone, a huge catalogue) the next ones are deferred until one is cheap again: React
  // then renders the letter first and the rows after, so typing never waits for the table.
  const deferred = useDeferredValue(filters);
  const applied = index.lastFilterMs > SYNC_FILTER_BUDGET_MS ? deferred : filters;
  const result = useMemo(() => {
    const found = index.filter(applied);
    // docs/decisions/0213: "1002" lists SKU 1002 first, then 1002x, then 11002, 21002...
    return { ...found, rows: rankBySku(found.rows, found.search.freeText) };
  }, [index, applied]);
  const updating = applied !== filters;
  return { ...result, options, updating, applied };
}
