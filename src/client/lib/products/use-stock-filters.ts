import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { EMPTY_STOCK_FILTERS, isStockStatusFilter, STOCK_FILTER_PARAMS, type StockFilters } from '@common/domain/stock-filters';

/** URL names of the filters (docs/ui-rules.md: state that matters lives in the URL, so refresh and back keep it). */
const PARAM = STOCK_FILTER_PARAMS;

/** The search reaches the URL after typing pauses; the table follows every keystroke. */
const URL_DELAY_MS = 400;

function readFilters(params: URLSearchParams): StockFilters {
  const status = params.get(PARAM.stockStatus);
  return {
    search: params.get(PARAM.search) ?? '',
    line: params.get(PARAM.line) ?? '',
    color: params.get(PARAM.color) ?? '',
    format: params.get(PARAM.format) ?? '',
    finish: params.get(PARAM.finish) ?? '',
    skuRange: params.get(PARAM.skuRange) ?? '',
    stockStatus: isStockStatusFilter(status) ? status : 'all',
  };
}

function writeFilter(params: URLSearchParams, key: keyof StockFilters, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '' || value === EMPTY_STOCK_FILTERS[key]) next.delete(PARAM[key]);
  else next.set(PARAM[key], value);
  return next;
}

/**
 * The stock and price filters, kept in the query string. The search box is local
 * state first (typing never waits for the router) and is written to the URL once
 * typing pauses; the dropdowns write to the URL at once. History entries are
 * replaced, so Back leaves the screen instead of undoing filters one by one.
 */
export function useStockFilters() {
  const [params, setParams] = useSearchParams();
  const fromUrl = readFilters(params);
  const [search, setSearchState] = useState(fromUrl.search);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);

  const setSearch = useCallback(
    (value: string) => {
      setSearchState(value);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        setParams((prev) => writeFilter(prev, 'search', value.trim() === '' ? '' : value), { replace: true });
      }, URL_DELAY_MS);
    },
    [setParams],
  );

  const setFilter = useCallback(
    (key: Exclude<keyof StockFilters, 'search'>, value: string) => {
      setParams((prev) => writeFilter(prev, key, value), { replace: true });
    },
    [setParams],
  );

  const reset = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    setSearchState('');
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  // One object per distinct set of values, so memoised filtering reruns only when a filter changes.
  const { line, color, format, finish, skuRange, stockStatus } = fromUrl;
  const filters = useMemo<StockFilters>(
    () => ({ search, line, color, format, finish, skuRange, stockStatus }),
    [search, line, color, format, finish, skuRange, stockStatus],
  );
  return { filters, setSearch, setFilter, reset };
}
