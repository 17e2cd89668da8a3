import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CLIENT_ACTIVITY_LIMITS } from '@common/domain/activity-types';
import { MIN_TERM_LENGTH } from '@common/domain/smart-search';
import { STOCK_FILTER_PARAMS } from '@common/domain/stock-filters';
import { recordActivity } from '@client/features/activity/api/record-activity';
import { useUser } from '@client/features/auth/api/get-user';

/** The screens whose search box and filters search the catalogue in the browser. */
const CATALOGUE_PATHS: readonly string[] = ['/stock', '/prices'];

/**
 * How long the URL must stay the same before a search counts as settled. The screens
 * write the search to the URL 400 ms after typing pauses; this waits for a real pause
 * on top, so "whi", "whit", "white" typed in a row are one search, not three.
 */
export const SEARCH_SETTLE_MS = 1500;

function filtersOf(params: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, name] of Object.entries(STOCK_FILTER_PARAMS)) {
    const value = params.get(name)?.trim();
    if (key !== 'search' && value) filters[name] = value.slice(0, CLIENT_ACTIVITY_LIMITS.metadataValue);
  }
  return filters;
}

/**
 * stock_searched and filter_applied (docs/decisions/0135). The catalogue is searched
 * in the browser, so the server never sees a search request: the browser reports a search
 * once it settles (at least 3 characters) and the filters once they are chosen, and
 * the server keeps one row per session and query within its repeat window.
 */
export function useCatalogueActivity(): void {
  const [path] = useLocation();
  const search = useSearch();
  const user = useUser();
  const canRecord = Boolean(user.data && !user.data.isTemporaryPassword);
  const reported = useRef({ search: '', filters: '' });

  useEffect(() => {
    if (!canRecord || !CATALOGUE_PATHS.includes(path)) return;
    const params = new URLSearchParams(search);
    const query = (params.get(STOCK_FILTER_PARAMS.search) ?? '').trim().slice(0, CLIENT_ACTIVITY_LIMITS.metadataValue);
    const filters = filtersOf(params);
    const timer = setTimeout(() => {
      const searchKey = `${path} ${query.toLowerCase()}`;
      if (query.length >= MIN_TERM_LENGTH && reported.current.search !== searchKey) {
        reported.current.search = searchKey;
        void recordActivity({ type: 'stock_searched', path, metadata: { query } });
      }
      const filtersKey = `${path} ${JSON.stringify(filters)}`;
      if (Object.keys(filters).length > 0 && reported.current.filters !== filtersKey) {
        reported.current.filters = filtersKey;
        void recordActivity({ type: 'filter_applied', path, metadata: filters });
      }
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [path, search, canRecord]);
}
