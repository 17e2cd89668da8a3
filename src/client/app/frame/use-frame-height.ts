import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes the frame bar's height as the CSS variable --frame-height, so what sticks
 * under it (table headers, filter bars, the quick-add summary) sits right below it
 * whatever the title's length or the screen's width.
 *
 * Only the ResizeObserver publishes it: its first report comes after the browser's own layout
 * and before the first paint, so nothing is drawn with a wrong height. Reading offsetHeight in
 * the effect forced a layout of the whole page inside React's commit, and a second one after the
 * variable changed, on every page's first render.
 */
export function useFrameHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
      root.style.setProperty('--frame-height', `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--frame-height');
    };
  }, [ref]);
}
