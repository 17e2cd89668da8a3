import { Suspense } from 'react';
import { loadOnUse } from '@client/lib/load-on-use';
import { preloadableLazy } from '@client/lib/preloadable-lazy';
import { useLocation } from 'wouter';
import { AppShell } from './app-shell';

/*
 * The first download is React, the router and this switch (ADR 0151). The sign-in
 * screen is a small app of its own: no query cache, no frame, no zod until the first
 * keystroke, so a phone on a mobile network paints it from about 90 KB of JavaScript. Every
 * other path is the portal. Leaving one for the other (sign-in, log out) unmounts the first,
 * which also drops everything cached for the previous user.
 */
const SignInApp = preloadableLazy(() => import('./sign-in-app').then((m) => m.SignInApp));
const portalModule = loadOnUse(() => import('./portal-app'));
const PortalApp = preloadableLazy(() => portalModule().then((m) => m.PortalApp));

/**
 * What the address's first screen needs, loaded before React's first render (ADR 0187): the
 * sign-in app, or the portal with the page and its first data. Never rejects: what failed is
 * loaded again, and reports its failure, when React renders it.
 */
export function prepareFirstScreen(path: string): Promise<void> {
  if (path === '/auth') return SignInApp.preload().catch(() => undefined);
  return Promise.all([PortalApp.preload(), portalModule().then((m) => m.preparePortal(path))]).then(
    () => undefined,
    () => undefined,
  );
}

export function App() {
  const [path] = useLocation();
  return <Suspense fallback={<AppShell />}>{path === '/auth' ? <SignInApp /> : <PortalApp />}</Suspense>;
}
