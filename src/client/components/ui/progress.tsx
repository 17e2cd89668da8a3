import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/**
 * A progress bar (loading bar: 0-100). Without a value it runs as an
 * indeterminate bar.
 */
export function Progress({
  value,
  label,
  className,
  ...props
}: ComponentProps<'div'> & { value?: number; label: string }) {
  const clamped = value === undefined ? undefined : Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      {clamped === undefined ? (
        <div className="absolute inset-y-0 w-2/5 animate-progress-indeterminate rounded-full bg-accent" />
      ) : (
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200"
          style={{ width: `${clamped}%` }}
        />
      )}
    </div>
  );
}
