import './styles/globals.css';
import { startCatalogueEarly } from './api/catalogue-request';

/*
 * The entry is only the stylesheet and this (ADR 0152). index.html holds an app shell
 * that the browser can paint as soon as the HTML and the stylesheet are in; evaluating React and
 * the portal first (a few hundred milliseconds on a phone) used to hold that first paint back,
 * whenever the scripts arrived before the browser had drawn a frame. So the app starts one frame
 * later. Its chunks are preloaded by the page (route-preloads), so nothing waits on the network.
 */
let started = false;

function start(): void {
  if (started) return;
  started = true;
  import('./boot')
    .then(({ boot }) => boot())
    .catch((error: unknown) => {
      console.error(error);
      const status = document.querySelector('#root [role="status"] > span:last-child');
      if (status) status.textContent = 'The portal could not load. Check your connection and reload the page.';
    });
}

/*
 * The catalogue's read starts now on a page whose HTML preloads it (/stock, ADR 0200): its worker
 * parses the bytes while React and the portal's chunks load, instead of after them.
 */
if (document.querySelector('link[rel="preload"][href="/api/products/columns"]')) {
  startCatalogueEarly();
}

if (document.visibilityState === 'hidden') {
  // A tab opened in the background draws no frames: start at once.
  start();
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
  // Should a frame never come, do not wait for it.
  setTimeout(start, 500);
}
