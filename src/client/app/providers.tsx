import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@client/lib/query-client';
import { LazyToaster } from '@client/components/ui/lazy-toaster';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { handedOverSession } from '@client/features/auth/lib/session-hand-over';
import { prefetchFirstQueriesOnSignIn } from './route-data';

/** A fresh cache, holding the user the sign-in screen just signed in (if any). */
function createPortalQueryClient() {
  const client = createQueryClient();
  const signedIn = handedOverSession();
  if (signedIn) client.setQueryData(userQueryKey, signedIn);
  else prefetchFirstQueriesOnSignIn(client);
  return client;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (tests may mount several).
  const [queryClient] = useState(createPortalQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
