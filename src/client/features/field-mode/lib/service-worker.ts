import { setFieldStatus } from './field-status';

/**
 * The service worker (Workbox through vite-plugin-pwa, docs/decisions/0227): registered after the
 * page has loaded, so the first load never waits for it. A new version installs in the background
 * and waits; the rep's tap on Reload tells it to take over, and every open tab reloads on the new
 * shell when it does (a tab left on the old one would ask for chunks the new build removed).
 */
let applyWaiting: (() => void) | undefined;

/** The build this tab runs (docs/decisions/0239): what a rep reads out to support, and what tells an old tab from a new one. */
export const PORTAL_BUILD = typeof __PORTAL_BUILD__ === 'string' ? __PORTAL_BUILD__ : 'dev';

export function registerServiceWorker(): void {
  // The page's HTML says which build it came from (a meta tag); this says which JavaScript runs.
  document.documentElement.dataset.build = PORTAL_BUILD;
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () => {
    void import('workbox-window').then(({ Workbox }) => {
      const workbox = new Workbox('/sw.js');
      workbox.addEventListener('waiting', () => {
        applyWaiting = () => workbox.messageSkipWaiting();
        setFieldStatus({ updateReady: true });
      });
      void workbox.register();
    });
    let controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // The first install takes the page without a reload; a new version reloads every tab.
      if (controlled) window.location.reload();
      controlled = true;
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The update prompt's Reload: the waiting worker takes over and the controllerchange reloads the tab. */
export function applyUpdate(): void {
  if (applyWaiting) applyWaiting();
  else window.location.reload();
}
