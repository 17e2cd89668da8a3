import { useDeferredValue, useEffect, useState } from 'react';
import type { Product } from '@common/contracts/products';
import { cataloguePreview, useProducts } from '@client/api/get-products';

/** Set once a catalogue page has painted in this page load. */
let painted = false;

/**
 * Calls `done` once the browser has painted the current frame (a frame, then a task after it).
 * A tab in the background runs no animation frames, so a timer calls it too (/prices
 * stayed on "Loading inventory data..." when the catalogue was never asked for).
 */
export function afterNextPaint(done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, 250);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The catalogue for a page (GET /api/products), asked for and drawn only after the page itself
 * has painted when the portal has just loaded (ADR 0152). Downloaded beside the page's
 * JavaScript, the ~50 KB catalogue took a phone's bandwidth from it, and drawing 3,000 products
 * into the first render made the phone wait for the whole table before it showed the title and the
 * search box. Now the page paints with its loading bar, then asks; the table follows in a deferred
 * render. Later visits (the catalogue cached, a catalogue page painted before) draw it at once.
 * On /stock opened by address the request left with the page (a preload, ADR 0188), so the wait
 * only holds back drawing, not the download.
 */
export function useCatalogue(): {
  products: Product[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Field mode's first rows only, the rest still being read from the device: the whole catalogue's count (docs/decisions/0234). */
  partialOf?: number;
} {
  const [ready, setReady] = useState(painted);
  const query = useProducts({ enabled: ready });
  const [initial] = useState(() => (painted ? query.data : undefined));
  // Offline, a rep's first rows come from the head of the copy on the device while the rest is read.
  const [preview] = useState(() => (query.data === undefined ? cataloguePreview() : undefined));
  const deferred = useDeferredValue(query.data, initial);
  const partial = deferred === undefined && !query.isError ? preview : undefined;
  const products = deferred ?? partial?.products;
  useEffect(() => {
    if (ready) return;
    return afterNextPaint(() => {
      painted = true;
      setReady(true);
    });
  }, [ready]);
  return { products, isPending: !query.isError && products === undefined, isError: query.isError, partialOf: partial?.total };
}
