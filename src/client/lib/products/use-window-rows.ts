import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { measureElement as measuredSize, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { afterNextPaint } from './use-catalogue';

/**
 * A row's height for the virtualiser: what its ResizeObserver measured, or, when the row has just
 * mounted, the height known so far (ADR 0200). The library's default reads the mounted row's box at
 * once, which made the browser lay the page out inside React's commit, once per commit that added
 * rows: two thirds of the long task that showed the first rows on a phone. The observer reports the
 * real height right after the browser's own layout, before that frame paints.
 */
function rowHeight(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>): number {
  if (entry) return measuredSize(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/**
 * Rows rendered only near the viewport, with the page itself scrolling (so the
 * page header stays sticky and the browser's own scrollbar works). Heights are
 * measured, so an opened row may grow.
 */
export function useWindowRows<E extends HTMLElement>({
  count,
  estimateSize,
  getItemKey,
  // Ten rows beyond the screen: the rows just below the fold are in the page for find-in-page and keyboard users
  // (ADR 0188 tried four to rebuild fewer rows per keystroke; journeys that open a row below the fold failed).
  overscan = 10,
}: {
  count: number;
  estimateSize: number;
  getItemKey: (index: number) => number | string;
  overscan?: number;
}) {
  const listRef = useRef<E>(null);
  // The first rows commit without the rows beyond the screen, which follow a paint later (ADR 0200):
  // on a phone the screen holds five or six cards, and the ten below made that commit (a long task
  // Lighthouse counts, ~150 ms at its 4x slower CPU) three times the work.
  const [rowsBeyond, setRowsBeyond] = useState(0);
  const hasRows = count > 0;
  useEffect(() => {
    if (!hasRows || rowsBeyond === overscan) return undefined;
    return afterNextPaint(() => setRowsBeyond(overscan));
  }, [hasRows, rowsBeyond, overscan]);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list starts below the filters, whose height changes (chips come and go, the
  // phone filter panel opens): re-measure whenever the page's layout changes size.
  useLayoutEffect(() => {
    const measure = () => {
      const element = listRef.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(top - current) > 0.5 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [count]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: rowsBeyond,
    scrollMargin,
    getItemKey,
    measureElement: rowHeight,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  return { listRef, virtualizer, items, paddingTop, paddingBottom };
}
