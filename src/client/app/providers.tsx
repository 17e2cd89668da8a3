import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@client/lib/query-client';
import { Toaster } from '@client/components/ui/toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (tests may mount several).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
