import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { Navigate } from '@client/components/navigate';
import { Button } from '@client/components/ui/button';
import { useUser } from '@client/features/auth/api/get-user';
import { AppShell } from './app-shell';
import { handOverSession } from '@client/features/auth/lib/session-hand-over';

/**
 * The route guard (route table, sign-in states):
 * - the app shell while the user loads (the same screen index.html paints first);
 * - no user: remember the path, go to /auth;
 * - a temporary password: remember the path, go to /profile-completion (confined there);
 * - no role chosen yet (admins after login): remember the path, go to /role-select.
 * The server enforces all of this again (docs/product-decisions.md); this only keeps people on
 * screens that will work for them.
 */
export function RequireUser({
  children,
  needsRole = true,
  allowTemporaryPassword = false,
}: {
  children: (user: CurrentUser) => ReactNode;
  /** False for the screens that exist before a role is chosen. */
  needsRole?: boolean;
  /** True only for /profile-completion. */
  allowTemporaryPassword?: boolean;
}) {
  const user = useUser();

  if (user.isPending) return <AppShell />;
  if (user.isError) return <UserLoadFailed onRetry={() => void user.refetch()} retrying={user.isFetching} />;
  if (!user.data) return <SignedOut />;
  if (user.data.isTemporaryPassword && !allowTemporaryPassword) {
    return <Navigate to="/profile-completion" remember />;
  }
  if (needsRole && !user.data.activeRole) return <Navigate to="/role-select" remember />;
  return children(user.data);
}

function UserLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <CircleAlert className="size-8 text-destructive" aria-hidden />
        <h1 className="text-lg font-semibold">Could not reach the portal</h1>
        <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
        <Button onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </div>
    </main>
  );
}

/** To /auth, telling the sign-in screen that no one is signed in (it need not ask again). */
function SignedOut() {
  handOverSession(null);
  return <Navigate to="/auth" remember />;
}
