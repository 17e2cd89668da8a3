import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from './ui/button';
import { formatCount } from '@common/domain/format';

/**
 * The bar at the bottom of the salesperson's long pickers (Quick Add, Additional
 * Merchandise; what is chosen and what the cart holds stay in view, and
 * Continue leads to the cart however far the list was scrolled. It sits in the page's
 * flow (sticky, not fixed), so the end of the list is never hidden under it.
 */
export function StickySummary({ children, continueHref = '/cart' }: { children: ReactNode; continueHref?: string }) {
  return (
    <div
      role="region"
      aria-label="Summary"
      className="sticky bottom-0 z-20 -mx-4 mt-auto flex items-center gap-3 border-t border-border bg-surface px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:-mx-6 sm:px-6"
    >
      <p className="min-w-0 flex-1 text-sm" aria-live="polite">
        {children}
      </p>
      <Button asChild className="shrink-0">
        <Link href={continueHref}>
          Continue
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}

/** "3 items in cart": the count the frame's cart link shows too. */
export function cartItemsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'item' : 'items'} in cart`;
}
