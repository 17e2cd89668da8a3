import type { UserView } from '@common/contracts/users';
import { Badge } from '@client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { RoleBadge } from './role-badge';
import { UserActions, type UserActionHandlers } from './user-actions';

function fullName(user: UserView): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

function UsernameCell({ user }: { user: UserView }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-medium break-all">{user.username}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="nums">ID {user.id}</span>
        {user.isTemporaryPassword && <Badge variant="warning">Temporary password</Badge>}
      </span>
    </div>
  );
}

/**
 * Spec §2 table: Username, Role, Name, Email, Company, Actions. Desktop gets the table;
 * phones get one card per user (UI.md), with the same actions.
 */
export function UsersTable({ users, currentUserId, ...handlers }: UserActionHandlers & { users: UserView[]; currentUserId: number }) {
  return (
    <>
      <Table containerClassName="hidden md:block">
        <TableHeader>
          <TableRow>
            <TableHead>Username</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Company</TableHead>
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
              <TableCell>{fullName(user) || <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="break-all">{user.email ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell>{user.company ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="py-1">
                <UserActions user={user} isSelf={user.id === currentUserId} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="rounded-card border border-border bg-surface p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <UsernameCell user={user} />
              <RoleBadge role={user.role} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {fullName(user) && (
                <>
                  <dt className="text-muted-foreground">Name</dt>
                  <dd>{fullName(user)}</dd>
                </>
              )}
              {user.email && (
                <>
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="break-all">{user.email}</dd>
                </>
              )}
              {user.company && (
                <>
                  <dt className="text-muted-foreground">Company</dt>
                  <dd>{user.company}</dd>
                </>
              )}
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
