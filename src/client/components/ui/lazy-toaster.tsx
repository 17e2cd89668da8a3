import { Suspense, lazy, useState } from 'react';
import { useToasts } from './use-toast';

// Radix Toast is not needed to paint a page: it loads with the first toast. Toasts
// raised before it arrives wait in the store (use-toast) and show when it renders.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const toasts = useToasts();
  // Once loaded it stays mounted, so dismissing the last toast can animate out.
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
