import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** A spinning ring. Decorative by default; pass a `label` when it is the only thing on screen. */
export function Spinner({ className, label, ...props }: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** Protected routes show a spinner while the user loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} className="size-8 text-accent" />
    </div>
  );
}
