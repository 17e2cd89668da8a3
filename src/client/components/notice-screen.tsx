import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PageTitle, useFrame } from './page-frame';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/**
 * A whole-screen notice with a way out: the 404 and Unauthorized screens. Inside the
 * app frame the frame carries the title (the h1); outside it (404) the card does.
 */
export function NoticeScreen({
  icon: Icon,
  title,
  message,
  linkHref,
  linkLabel,
  action,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  linkHref: string;
  linkLabel: string;
  /** A second way out, first in line (Switch to Admin). */
  action?: ReactNode;
}) {
  useDocumentTitle(title);
  const inFrame = useFrame() !== null;
  // In the frame its bar carries the h1; the card repeats the title as plain text, not a second heading.
  const Heading = inFrame ? 'p' : 'h1';
  return (
    <main className="flex min-h-[calc(100dvh-var(--frame-height,0px))] items-center justify-center px-4">
      {inFrame && <PageTitle title={title} backHref={linkHref} backLabel={linkLabel} />}
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <Icon className="size-8 shrink-0 text-destructive" aria-hidden />
            <Heading className="text-2xl font-bold">{title}</Heading>
          </div>
          <p className="text-sm text-muted-foreground">{message}</p>
          <div className="mt-6 flex flex-wrap gap-2">
            {action}
            <Button asChild variant="outline">
              <Link href={linkHref}>{linkLabel}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
