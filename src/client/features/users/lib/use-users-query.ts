import { useEffect, useState } from 'react';
import type { UserSort, UsersQueryInput } from '@common/contracts/users';
import type { Role } from '@common/domain/permissions';

/** A search is sent when typing pauses, not on every key. */
const SEARCH_DELAY_MS = 300;

export type TemporaryFilter = 'all' | 'temporary' | 'set';

export interface UsersFilters {
  search: string;
  role: Role | 'all';
  temporary: TemporaryFilter;
  sort: UserSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const START: UsersFilters = { search: '', role: 'all', temporary: 'all', sort: 'username', dir: 'asc', page: 1, pageSize: 25 };

/** Dates read newest first when first chosen; names A to Z. */
const FIRST_DIRECTION: Record<UserSort, 'asc' | 'desc'> = { username: 'asc', name: 'asc', role: 'asc', created: 'desc', lastLogin: 'desc' };

/**
 * The users table's state and the GET /api/users query it makes. Any change of filter
 * or sort goes back to page 1; the search waits for typing to pause.
 */
export function useUsersQuery() {
  const [filters, setFilters] = useState<UsersFilters>(START);
  const [settledSearch, setSettledSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSettledSearch(filters.search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters.search]);

  const change = (next: Partial<UsersFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const sortBy = (sort: UserSort) =>
    setFilters((current) => ({
      ...current,
      page: 1,
      sort,
      dir: current.sort === sort ? (current.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[sort],
    }));

  const query: UsersQueryInput = {
    page: filters.page,
    pageSize: filters.pageSize,
    sort: filters.sort,
    dir: filters.dir,
    role: filters.role === 'all' ? undefined : filters.role,
    temporaryPassword: filters.temporary === 'all' ? undefined : filters.temporary === 'temporary' ? 'true' : 'false',
    search: settledSearch || undefined,
  };
  return { filters, query, change, sortBy, goToPage: (page: number) => setFilters((c) => ({ ...c, page })) };
}
