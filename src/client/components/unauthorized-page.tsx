import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** Spec §2 and §8: a screen the active role may not use. The server refuses its calls as well. */
export function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <ShieldAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">Unauthorized</h1>
          </div>
          <p className="text-sm text-muted-foreground">You don&apos;t have permission to access this page.</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/dashboard">Back to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
