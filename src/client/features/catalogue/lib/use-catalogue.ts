import { useDeferredValue, useEffect, useState } from 'react';
import type { Product } from '@common/contracts/products';
import { useProducts } from '@client/api/get-products';

/** Set once a catalogue page has painted in this page load. */
let painted = false;

/**
 * The catalogue for a page (GET /api/products), shown only after the page itself has painted when
 * the portal has just loaded (issue 15, ADR 0152). The catalogue is requested with the HTML, so it
 * is often there before the page's first render; drawing 3,000 products into that render made a
 * phone wait for the whole table before it saw the page's title and search box. The first render
 * now paints the page with its loading bar and the catalogue follows in a deferred render. Later
 * visits (the catalogue cached, the page painted before) draw it at once.
 */
export function useCatalogue(): { products: Product[] | undefined; isPending: boolean; isError: boolean } {
  const query = useProducts();
  const [initial] = useState(() => (painted ? query.data : undefined));
  const products = useDeferredValue(query.data, initial);
  useEffect(() => {
    painted = true;
  }, []);
  return { products, isPending: !query.isError && products === undefined, isError: query.isError };
}
