import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { DashboardTile as Tile } from '@common/domain/dashboard-tiles';
import { cn } from '@client/lib/utils';
import { TILE_ICONS } from './tile-icons';

/** A whole-card link: one large touch target (docs/ui-rules.md: at least 44px). */
export function DashboardTile({ tile, meta, badge }: { tile: Tile; meta?: ReactNode; badge?: ReactNode }) {
  const Icon = TILE_ICONS[tile.id];
  return (
    <Link
      href={tile.href}
      className={cn(
        'group flex h-full min-h-24 items-start gap-4 rounded-card border border-border bg-surface p-4 shadow-xs transition-colors sm:p-5',
        'hover:border-accent/50 hover:bg-accent-soft/30',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-lg',
          tile.section === 'admin' ? 'bg-stone-100 text-stone-700' : 'bg-accent-soft text-accent',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold leading-snug">{tile.title}</span>
          {badge}
        </span>
        <span className="text-sm text-muted-foreground">{tile.description}</span>
        {meta && <span className="mt-1">{meta}</span>}
      </span>
      <ChevronRight
        className="mt-3 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden
      />
    </Link>
  );
}

const BADGE = 'nums rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * The count on the PO or sample order tile, in products (distinct lines), never boxes or
 * "items" (docs/guide.md "Words we use"). While the count loads (undefined) or when there is
 * no active PO (null) an invisible badge keeps its place, so the tile does not grow when the
 * count arrives (layout shift 0).
 */
export function CartCountBadge({ count }: { count: number | null | undefined }) {
  if (count === undefined || count === null) {
    return (
      <span aria-hidden className={cn(BADGE, 'invisible')}>
        0 products
      </span>
    );
  }
  return (
    <span className={cn(BADGE, 'bg-accent text-accent-foreground')}>
      {count} {count === 1 ? 'product' : 'products'}
    </span>
  );
}
