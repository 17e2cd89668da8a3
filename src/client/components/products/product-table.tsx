import { ChevronDown } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import type { Product } from '@common/contracts/products';
import { DESKTOP_QUERY, useMediaQuery } from '@client/lib/use-media-query';
import { cn } from '@client/lib/utils';
import { useWindowRows } from '@client/lib/products/use-window-rows';

export interface ProductColumn {
  id: string;
  /** Fixed widths: with virtual rows, auto widths would jump as rows scroll in and out. */
  width?: string;
  header: string;
  cell: (product: Product) => ReactNode;
  /** Numbers right-aligned (docs/ui-rules.md). */
  align?: 'left' | 'right';
  className?: string;
}

/** Below the app frame's bar (its height is published as --frame-height), so column titles stay in view. */
const STICKY_TOP = 'md:top-(--frame-height)';

/**
 * The catalogue as a table on desktop and stacked cards on phones (docs/ui-rules.md, Density),
 * rendering only the rows near the viewport so 20,000 products scroll smoothly.
 * With `renderDetail`, a row opens and closes on click and one row is open at a
 * time ("Stock row"); the caller owns which one.
 *
 * Memoised (ADR 0188): a keystroke renders the page twice, the search box at once and the rows
 * after filtering; given the same props (the caller keeps `columns` and the render functions
 * stable), the first of those renders skips the rows.
 */
export const ProductTable = memo(function ProductTable({
  products,
  columns,
  caption,
  openId = null,
  onToggle,
  renderDetail,
  renderCard,
}: {
  products: readonly Product[];
  columns: readonly ProductColumn[];
  caption: string;
  openId?: number | null;
  onToggle?: (id: number) => void;
  renderDetail?: (product: Product) => ReactNode;
  /** The phone card's content; the first column's cell is its title. */
  renderCard: (product: Product) => ReactNode;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const baseId = useId();
  const expandable = renderDetail !== undefined && onToggle !== undefined;
  const { listRef, virtualizer, items, paddingTop, paddingBottom } = useWindowRows<HTMLElement>({
    count: products.length,
    estimateSize: desktop ? 41 : 78,
    getItemKey: (index) => products[index]?.id ?? index,
  });
  const detailId = (id: number) => `${baseId}-detail-${id}`;

  if (products.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
        No products match these filters. Remove a filter or search for something else.
      </p>
    );
  }

  if (!desktop) {
    return (
      <ul ref={listRef as React.RefObject<HTMLUListElement>} aria-label={caption} className="grid" style={{ paddingTop, paddingBottom }}>
        {items.map((item) => {
          const product = products[item.index]!;
          const open = expandable && openId === product.id;
          return (
            <li key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="pb-2">
              <div className={cn('rounded-card border bg-surface', open ? 'border-accent/40 shadow-sm' : 'border-border')}>
                {expandable ? (
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={open ? detailId(product.id) : undefined}
                    onClick={() => onToggle(product.id)}
                    className="flex min-h-11 w-full items-start gap-2 rounded-card px-3 py-2.5 text-left"
                  >
                    <div className="min-w-0 flex-1">{renderCard(product)}</div>
                    <ChevronDown className={cn('mt-1 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
                  </button>
                ) : (
                  <div className="px-3 py-2.5">{renderCard(product)}</div>
                )}
                {open && (
                  <div id={detailId(product.id)} className="border-t border-border px-3 py-3">
                    {renderDetail(product)}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <table
      ref={listRef as React.RefObject<HTMLTableElement>}
      aria-rowcount={products.length + 1}
      className="w-full table-fixed border-separate border-spacing-0 rounded-card border border-border bg-surface text-sm"
    >
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr aria-rowindex={1}>
          {columns.map((column) => (
            <th
              key={column.id}
              scope="col"
              style={column.width ? { width: column.width } : undefined}
              className={cn(
                'sticky z-[5] border-b border-border bg-muted/95 px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase backdrop-blur first:rounded-tl-card last:rounded-tr-card',
                STICKY_TOP,
                column.align === 'right' && 'text-right',
                column.className,
              )}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      {paddingTop > 0 && (
        <tbody aria-hidden>
          <tr>
            <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
          </tr>
        </tbody>
      )}
      {items.map((item) => {
        const product = products[item.index]!;
        const open = expandable && openId === product.id;
        return (
          <tbody key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
            <tr
              aria-rowindex={item.index + 2}
              onClick={expandable ? () => onToggle(product.id) : undefined}
              className={cn(
                'nums',
                expandable && 'cursor-pointer hover:bg-muted/70',
                open && 'bg-accent-soft/60 hover:bg-accent-soft/60',
              )}
            >
              {columns.map((column, index) => (
                <td
                  key={column.id}
                  className={cn(
                    'border-b border-border px-3 py-2.5 align-middle',
                    column.align === 'right' && 'text-right',
                    column.className,
                  )}
                >
                  {index === 0 && expandable ? (
                    // The row toggles on click; this button makes it reachable and announced for keyboards.
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={open ? detailId(product.id) : undefined}
                      className="inline-flex items-center gap-1.5 rounded-sm text-left font-medium"
                    >
                      <ChevronDown className={cn('size-3.5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
                      {column.cell(product)}
                    </button>
                  ) : (
                    column.cell(product)
                  )}
                </td>
              ))}
            </tr>
            {open && (
              <tr>
                <td id={detailId(product.id)} colSpan={columns.length} className="border-b border-border bg-accent-soft/25 px-4 py-4">
                  {renderDetail(product)}
                </td>
              </tr>
            )}
          </tbody>
        );
      })}
      {paddingBottom > 0 && (
        <tbody aria-hidden>
          <tr>
            <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
          </tr>
        </tbody>
      )}
    </table>
  );
});
