import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';
import { Input } from './input';

/** A search box with its magnifier; label it like any input. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
