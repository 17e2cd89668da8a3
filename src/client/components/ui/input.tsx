import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        // 16px text on phones stops iOS from zooming into the field.
        'flex h-11 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-base shadow-xs md:h-10 md:text-sm',
        'placeholder:text-muted-foreground transition-colors',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40',
        className,
      )}
      {...props}
    />
  );
}
