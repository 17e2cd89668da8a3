import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes the frame bar's height as the CSS variable --frame-height, so what sticks
 * under it (table headers, filter bars, the quick-add summary) sits right below it
 * whatever the title's length or the screen's width.
 */
export function useFrameHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--frame-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--frame-height');
    };
  }, [ref]);
}
