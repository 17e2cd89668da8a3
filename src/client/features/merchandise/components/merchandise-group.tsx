import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@client/components/ui/collapsible';

export const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** A category or line: a button that folds its items, count badges, and room for group actions (+1 All). */
export function MerchandiseGroup({
  name,
  itemCount,
  inCart,
  defaultOpen,
  actions,
  children,
}: {
  name: string;
  itemCount: number;
  inCart: number;
  defaultOpen: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Collapsible defaultOpen={defaultOpen} className="border-b border-border last:border-b-0" data-testid={`group-${name}`}>
      <div className="flex flex-wrap items-center gap-2 py-2">
        <CollapsibleTrigger className="group flex min-h-11 min-w-0 flex-1 items-center max-sm:basis-full gap-2 rounded-md text-left font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90" aria-hidden />
          <span className="truncate">{name}</span>
          <Badge variant="outline">{itemsText(itemCount)}</Badge>
          {inCart > 0 && <Badge variant="accent">{inCart} in cart</Badge>}
        </CollapsibleTrigger>
        {actions && <div className="max-sm:pl-6">{actions}</div>}
      </div>
      <CollapsibleContent>
        <ul className="divide-y divide-border pb-2 pl-6">{children}</ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
