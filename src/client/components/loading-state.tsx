import type { ReactNode } from 'react';
import { Spinner } from './ui/spinner';

/** A screen's body while its data loads: a spinner and what is loading, announced politely. */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-5 text-accent" />
      {children}
    </div>
  );
}
