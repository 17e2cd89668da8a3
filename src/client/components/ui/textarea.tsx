import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        // 16px text on phones stops iOS from zooming into the field.
        'flex min-h-20 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-base shadow-xs md:text-sm',
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
