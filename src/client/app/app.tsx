import { Suspense, lazy } from 'react';
import { useLocation } from 'wouter';
import { AppShell } from './app-shell';

/*
 * The first download is React, the router and this switch (issue 15, ADR 0151). The sign-in
 * screen is a small app of its own: no query cache, no frame, no zod until the first
 * keystroke, so a phone on a mobile network paints it from about 90 KB of JavaScript. Every
 * other path is the portal. Leaving one for the other (sign-in, log out) unmounts the first,
 * which also drops everything cached for the previous user.
 */
const SignInApp = lazy(() => import('./sign-in-app').then((m) => ({ default: m.SignInApp })));
const PortalApp = lazy(() => import('./portal-app').then((m) => ({ default: m.PortalApp })));

export function App() {
  const [path] = useLocation();
  return <Suspense fallback={<AppShell />}>{path === '/auth' ? <SignInApp /> : <PortalApp />}</Suspense>;
}
