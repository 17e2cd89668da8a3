import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

const badgeVariants = cva('nums inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    variant: {
      default: 'border-transparent bg-muted text-foreground',
      accent: 'border-transparent bg-accent-soft text-accent',
      outline: 'border-border text-muted-foreground',
      warning: 'border-warning/30 bg-warning-soft text-warning',
      success: 'border-success/30 bg-success-soft text-success',
      destructive: 'border-destructive/30 bg-destructive-soft text-destructive',
    },
  },
  defaultVariants: { variant: 'default' },
});

/** A short label; it always carries a word, so colour is never the only signal (docs/ui-rules.md). */
export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
