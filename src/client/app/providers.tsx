import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@client/lib/query-client';
import { LazyToaster } from '@client/components/ui/lazy-toaster';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { pageUser } from '@client/features/auth/lib/page-user';
import { handedOverSession } from '@client/features/auth/lib/session-hand-over';
import { prefetchFirstQueries, prefetchFirstQueriesOnSignIn } from './route-data';
import { offlineUser, startFieldMode } from './field-mode';

interface PreparedClient {
  client: QueryClient;
  /** Settles when the page's first requests have answered (at once when none were made). */
  firstData: Promise<void>;
}

/**
 * A fresh cache, holding the signed-in user when it is known without asking: the user the
 * sign-in screen just signed in (or "no one" after a log out), else the user the app page
 * carries (ADR 0152), whose page data then leaves at once.
 */
function createPortalQueryClient(): PreparedClient {
  const client = createQueryClient();
  const handedOver = handedOverSession();
  // The portal asks when the page says "no one": only /auth says that, and its app is not this one.
  const fromPage = handedOver === undefined ? (pageUser() ?? undefined) : undefined;
  // Offline the page comes from the service worker, without the user: field mode's rep (ADR 0227).
  const signedIn = handedOver ?? fromPage ?? offlineUser() ?? undefined;
  if (signedIn) client.setQueryData(userQueryKey, signedIn);
  startFieldMode(client);
  let firstData = Promise.resolve();
  if (fromPage) firstData = prefetchFirstQueries(client, window.location.pathname, fromPage);
  else if (!signedIn) prefetchFirstQueriesOnSignIn(client);
  return { client, firstData };
}

/**
 * A client made before the portal's first commit: by `preparedQueryClient` before React
 * renders (ADR 0187), or by a render that has not committed yet. React throws away the portal's
 * first render when a lazy page suspends in it and renders it again: that retry takes the same
 * client, so the page's first requests (already under way) are not asked twice.
 */
let uncommitted: PreparedClient | undefined;

/** The client the portal's first render will use, its first requests already sent. */
export function preparedQueryClient(): PreparedClient {
  return (uncommitted ??= createPortalQueryClient());
}

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (tests may mount several; a log out and sign in mounts a new one).
  const [queryClient] = useState(() => preparedQueryClient().client);
  useEffect(() => {
    if (uncommitted?.client === queryClient) uncommitted = undefined;
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
