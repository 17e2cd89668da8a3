import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

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
    overscan,
    scrollMargin,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  return { listRef, virtualizer, items, paddingTop, paddingBottom };
}
