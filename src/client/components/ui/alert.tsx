import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

const alertVariants = cva(
  'relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-md border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>:not(svg)]:col-start-2',
  {
    variants: {
      variant: {
        default: 'border-border bg-surface text-foreground',
        destructive: 'border-destructive/30 bg-destructive-soft text-destructive [&>svg]:text-destructive',
        warning: 'border-warning/30 bg-warning-soft text-warning',
        success: 'border-success/30 bg-success-soft text-success',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Destructive alerts are announced at once (role=alert); others politely. */
export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'p'>) {
  // Full strength: the warning colour at 90% on its soft background fell below 4.5:1 (axe color-contrast).
  return <p className={cn('text-sm', className)} {...props} />;
}
