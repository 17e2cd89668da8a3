import './styles/globals.css';

/*
 * The entry is only the stylesheet and this (issue 15, ADR 0152). index.html holds an app shell
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

if (document.visibilityState === 'hidden') {
  // A tab opened in the background draws no frames: start at once.
  start();
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
  // Should a frame never come, do not wait for it.
  setTimeout(start, 500);
}
