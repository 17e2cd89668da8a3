import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@client/lib/utils';
import { Button } from './ui/button';

/** The back arrow every tool screen has (docs/ui-rules.md, Navigation). */
export function BackLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <Button variant="ghost" size="icon" asChild className={cn(className)}>
      <Link href={href} aria-label={label}>
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
    </Button>
  );
}
