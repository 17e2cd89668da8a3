import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@client/lib/utils';
import { Button } from './ui/button';

/**
 * The top of a tool screen (UI.md Navigation): the back arrow the spec names,
 * a clear title, and the screen's own actions. Hidden when printing.
 */
export function PageHeader({
  title,
  backTo,
  backLabel = 'Back',
  actions,
  className,
}: {
  title: ReactNode;
  backTo: string;
  backLabel?: string;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('border-b border-border bg-surface print:border-0', className)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <Button asChild variant="ghost" size="icon" className="-ml-2 print:hidden">
          <Link href={backTo} aria-label={backLabel}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {actions && <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto print:hidden">{actions}</div>}
      </div>
    </header>
  );
}
