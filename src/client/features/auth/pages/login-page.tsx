import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BrandLogo } from '@client/components/brand-logo';
import { Navigate } from '@client/components/navigate';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import type { CurrentUser } from '@common/contracts/auth';
import { getUser } from '../api/fetch-user';
import { LoginForm } from '../components/login-form';
import { pageUser } from '../lib/page-user';
import { handOverSession, handedOverSession } from '../lib/session-hand-over';
import { postLoginPath } from '../lib/post-login-path';

/**
 * /auth. A signed-in user visiting it goes to /; after login, see postLoginPath.
 * The form paints at once (it is the page's largest content); the check for an
 * existing session runs beside it and moves a signed-in visitor on.
 */
export function LoginPage() {
  useDocumentTitle('Sign in');
  // Set when this page signs someone in (or finds them signed in), so the redirect goes where
  // The spec says (remembered path, role selection...) rather than to the plain "/" of a revisit.
  // A signed-in visitor whose page says so moves on at once, as after the check below.
  const [destination, setDestination] = useState<string | null>(() => {
    const fromPage = handedOverSession() === undefined ? pageUser() : undefined;
    if (!fromPage) return null;
    handOverSession(fromPage);
    return '/';
  });

  useEffect(() => {
    // The portal that sent us here already knows no one is signed in (ADR 0151), or the page
    // says so: no GET /api/user, whose 401 a browser logs as a console error.
    const handedOver = handedOverSession();
    if (handedOver === null || (handedOver === undefined && pageUser() !== undefined)) return;
    let current = true;
    getUser()
      .then((user) => {
        if (!current || !user) return;
        handOverSession(user);
        setDestination('/');
      })
      .catch(() => {
        // The portal cannot be reached: the form stays, and signing in will say so.
      });
    return () => {
      current = false;
    };
  }, []);

  const signedIn = (user: CurrentUser) => {
    handOverSession(user);
    setDestination(postLoginPath(user));
  };

  if (destination) return <Navigate to={destination} />;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <BrandLogo subtitle="Tile & Surface Portal" className="[&_svg]:size-10" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-xl">
              Sign in
            </CardTitle>
            <CardDescription>Stock, prices, samples and purchase orders in one place.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm onSignedIn={signedIn} />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
