import { useState } from 'react';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BrandLogo } from '@client/components/brand-logo';
import { Navigate } from '@client/components/navigate';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { useUser } from '../api/get-user';
import { LoginForm } from '../components/login-form';
import { postLoginPath } from '../lib/post-login-path';

/** /auth. Spec §2: a signed-in user visiting it goes to /; after login, see postLoginPath. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const user = useUser();
  // Set when this page signs someone in, so the redirect goes where spec §2 says
  // (remembered path, role selection...) rather than to the plain "/" of a revisit.
  const [destination, setDestination] = useState<string | null>(null);

  if (destination) return <Navigate to={destination} />;
  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Navigate to="/" />;

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
            <LoginForm onSignedIn={(signedIn) => setDestination(postLoginPath(signedIn))} />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
