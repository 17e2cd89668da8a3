import { Fragment } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { UserSort, UserView } from '@common/contracts/users';
import { formatDay, formatTimeOfDay } from '@common/domain/format-date';
import { Badge } from '@client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/utils';
import { RoleBadge } from './role-badge';
import { UserActions, type UserActionHandlers } from './user-actions';

export interface UsersSortState {
  sort: UserSort;
  dir: 'asc' | 'desc';
}

function fullName(user: UserView): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

const none = <span className="text-muted-foreground">—</span>;

function UsernameCell({ user }: { user: UserView }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium break-all">{user.username}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="nums">ID {user.id}</span>
        {user.isTemporaryPassword && <Badge variant="warning">Temporary password</Badge>}
      </span>
    </div>
  );
}

/**
 * An email wraps where it must (after the @ or a dot first, anywhere if needed) rather
 * than being cut: an ellipsis hid addresses, and a title tooltip reaches neither touch nor keyboard.
 */
function EmailText({ email, className }: { email: string | null; className?: string }) {
  if (!email) return none;
  return (
    <span className={cn('block wrap-anywhere', className)}>
      {email.split(/(?=[@.])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** "Nov 23, 2026" over "6:09 am" in the table (narrow columns), on one line in the cards. */
function When({ iso, never, stacked = false }: { iso: string | null; never: string; stacked?: boolean }) {
  if (!iso) return <span className="text-muted-foreground">{never}</span>;
  const day = formatDay(iso);
  const time = formatTimeOfDay(iso);
  return (
    <time dateTime={iso} className={cn('nums', stacked ? 'grid' : 'whitespace-nowrap')}>
      <span className="whitespace-nowrap">{day}</span>
      {stacked ? <span className="whitespace-nowrap text-muted-foreground">{time}</span> : ` ${time}`}
    </time>
  );
}

/** A column header that sorts: a button inside the th, and aria-sort on the th (WAI-ARIA sortable table). */
function SortableHead({ column, label, state, onSort, className }: { column: UserSort; label: string; state: UsersSortState; onSort: (column: UserSort) => void; className?: string }) {
  const active = state.sort === column;
  const Icon = !active ? ArrowUpDown : state.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => onSort(column)}
      >
        {label}
        <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    </TableHead>
  );
}

/**
 * Table (Username, Role, Name, Email, Company, Actions) plus Created and Last login
 *, sorted by the server. Desktop gets the table; phones get one card per user
 * (docs/ui-rules.md), with the same actions; the page offers the sort there.
 */
export function UsersTable({
  users,
  currentUserId,
  sort,
  onSort,
  ...handlers
}: UserActionHandlers & { users: UserView[]; currentUserId: number; sort: UsersSortState; onSort: (column: UserSort) => void }) {
  return (
    <>
      <Table containerClassName="hidden md:block" className="table-fixed">
        <colgroup>
          <col className="w-[16%]" />
          <col className="w-[8.5rem]" />
          <col className="w-[12%]" />
          <col />
          <col className="w-[11%]" />
          <col className="w-[7rem]" />
          <col className="w-[7rem]" />
          <col className="w-[8.5rem]" />
        </colgroup>
        <TableHeader>
          <TableRow>
            <SortableHead column="username" label="Username" state={sort} onSort={onSort} />
            <SortableHead column="role" label="Role" state={sort} onSort={onSort} />
            <SortableHead column="name" label="Name" state={sort} onSort={onSort} />
            <TableHead>Email</TableHead>
            <TableHead>Company</TableHead>
            <SortableHead column="created" label="Created" state={sort} onSort={onSort} />
            <SortableHead column="lastLogin" label="Last login" state={sort} onSort={onSort} />
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>
                <UsernameCell user={user} />
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className="break-words">{fullName(user) || none}</TableCell>
              <TableCell>
                <EmailText email={user.email} />
              </TableCell>
              <TableCell className="break-words">{user.company ?? none}</TableCell>
              <TableCell className="text-xs">
                <When iso={user.createdAt} never="—" stacked />
              </TableCell>
              <TableCell className="text-xs">
                <When iso={user.lastLoginAt} never="Never" stacked />
              </TableCell>
              <TableCell className="py-1">
                <UserActions user={user} isSelf={user.id === currentUserId} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="min-w-0 rounded-card border border-border bg-surface p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <UsernameCell user={user} />
              <RoleBadge role={user.role} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {fullName(user) && (
                <>
                  <dt className="text-muted-foreground">Name</dt>
                  <dd>{fullName(user)}</dd>
                </>
              )}
              {user.email && (
                <>
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="min-w-0">
                    <EmailText email={user.email} />
                  </dd>
                </>
              )}
              {user.company && (
                <>
                  <dt className="text-muted-foreground">Company</dt>
                  <dd>{user.company}</dd>
                </>
              )}
              <dt className="text-muted-foreground">Created</dt>
              <dd>
                <When iso={user.createdAt} never="—" />
              </dd>
              <dt className="text-muted-foreground">Last login</dt>
              <dd>
                <When iso={user.lastLoginAt} never="Never" />
              </dd>
            </dl>
            <div className="mt-2 border-t border-border pt-2">
              <UserActions user={user} isSelf={user.id === currentUserId} {...handlers} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
