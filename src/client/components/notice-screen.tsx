import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** A whole-screen notice with one way out: the 404 and Unauthorized screens. */
export function NoticeScreen({
  icon: Icon,
  title,
  message,
  linkHref,
  linkLabel,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  linkHref: string;
  linkLabel: string;
}) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <Icon className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">{title}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{message}</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href={linkHref}>{linkLabel}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
