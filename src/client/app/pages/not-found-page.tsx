import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';

/** Spec §2: any other path. */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/">Go to the start page</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
