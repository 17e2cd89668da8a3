import { USER_PAGE_SIZES, USER_SORTS, type UserSort } from '@common/contracts/users';
import { isOneOf } from '@common/domain/one-of';
import { ROLES, ROLE_LABELS } from '@common/domain/permissions';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import type { TemporaryFilter, UsersFilters as Filters } from '../lib/use-users-query';
import { formatCount } from '@common/domain/format';

export const SORT_LABELS: Record<UserSort, string> = {
  username: 'Username',
  name: 'Name',
  role: 'Role',
  created: 'Created',
  lastLogin: 'Last login',
};

/** Search, role and temporary-password filters; on phones also the sort (the table headers sort on desktop). */
export function UsersFilters({ filters, onChange }: { filters: Filters; onChange: (next: Partial<Filters>) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem] lg:items-end">
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="user-search">Search users</Label>
        <SearchInput
          id="user-search"
          placeholder="Username, name, email, company or ID"
          maxLength={100}
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-role-filter">Role</Label>
        <NativeSelect id="user-role-filter" value={filters.role} onChange={(event) => isOneOf([...ROLES, 'all'] as const, event.target.value) && onChange({ role: event.target.value })}>
          <option value="all">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-temporary-filter">Password</Label>
        <NativeSelect
          id="user-temporary-filter"
          value={filters.temporary}
          onChange={(event) => onChange({ temporary: event.target.value as TemporaryFilter })}
        >
          <option value="all">Any password</option>
          <option value="temporary">Temporary password</option>
          <option value="set">Own password set</option>
        </NativeSelect>
      </div>
      <div className="grid gap-2 md:hidden sm:col-span-2">
        <Label htmlFor="user-sort">Sort by</Label>
        <NativeSelect
          id="user-sort"
          value={`${filters.sort}:${filters.dir}`}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split(':') as [UserSort, 'asc' | 'desc'];
            onChange({ sort, dir });
          }}
        >
          {USER_SORTS.flatMap((sort) => [
            <option key={`${sort}:asc`} value={`${sort}:asc`}>
              {SORT_LABELS[sort]} {sort === 'created' || sort === 'lastLogin' ? '(oldest first)' : '(A to Z)'}
            </option>,
            <option key={`${sort}:desc`} value={`${sort}:desc`}>
              {SORT_LABELS[sort]} {sort === 'created' || sort === 'lastLogin' ? '(newest first)' : '(Z to A)'}
            </option>,
          ])}
        </NativeSelect>
      </div>
    </div>
  );
}

/** "1–25 of 2,000", previous/next and the page size. */
export function UsersPager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Users pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="nums text-muted-foreground" aria-live="polite">
        {total === 0 ? 'No users' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} users`}
      </p>
      <div className="flex items-center gap-2">
        <Label htmlFor="user-page-size" className="text-muted-foreground">
          Per page
        </Label>
        <NativeSelect id="user-page-size" className="w-20" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {USER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="nums whitespace-nowrap">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
