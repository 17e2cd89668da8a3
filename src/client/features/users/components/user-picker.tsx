import { useEffect, useId, useState } from 'react';
import type { UserView } from '@common/contracts/users';
import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/utils';
import { useUsers } from '../api/get-users';
import { RoleBadge } from './role-badge';

const SEARCH_DELAY_MS = 250;
const SHOWN = 8;

/**
 * Picks one user by username (the bypass tool): a search box over GET /api/users and
 * the matches as radio buttons (arrow keys move, the choice is announced). With nothing typed it
 * offers the users who still have a temporary password, the ones this tool is for.
 */
export function UserPicker({ chosen, onChoose, error }: { chosen: UserView | null; onChoose: (user: UserView) => void; error: string | null }) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(term.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const matches = useUsers(
    settled
      ? { search: settled, sort: 'username', pageSize: SHOWN }
      : { temporaryPassword: 'true', sort: 'lastLogin', dir: 'desc', pageSize: SHOWN },
  );
  const list = matches.data?.users ?? [];
  const more = (matches.data?.total ?? 0) - list.length;

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>Find the user by username</Label>
      <SearchInput
        id={`${id}-search`}
        placeholder="Type a username, name or email"
        autoComplete="off"
        maxLength={100}
        value={term}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setTerm(event.target.value)}
      />
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm text-muted-foreground">
          {settled ? `Users matching “${settled}”` : 'Users with a temporary password'}
          {matches.isFetching && <Spinner className="ml-2 inline size-3.5" />}
        </legend>
        {list.length === 0 && !matches.isPending && <p className="text-sm text-muted-foreground">No users found.</p>}
        {list.map((user) => (
          <label
            key={user.id}
            className={cn(
              'flex min-w-0 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen?.id === user.id && 'border-accent bg-accent/5',
            )}
          >
            <input type="radio" name={`${id}-user`} className="size-4 shrink-0 accent-accent" checked={chosen?.id === user.id} onChange={() => onChoose(user)} />
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{user.username}</span>
              <span className="truncate text-xs text-muted-foreground">
                {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || `ID ${user.id}`}
              </span>
            </span>
            {user.isTemporaryPassword && (
              <Badge variant="warning" className="hidden sm:inline-flex">
                Temporary password
              </Badge>
            )}
            <RoleBadge role={user.role} />
          </label>
        ))}
        {more > 0 && <p className="text-xs text-muted-foreground">{more} more: type more of the username to narrow the list.</p>}
      </fieldset>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {chosen && (
        <p className="text-sm" aria-live="polite">
          Chosen: <strong>{chosen.username}</strong>
        </p>
      )}
    </div>
  );
}
