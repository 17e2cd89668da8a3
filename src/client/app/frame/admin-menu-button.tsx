import { ChevronDown, LayoutGrid } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@client/components/ui/button';

/** The admin menu's button: "Admin" beside an icon from md up, the icon alone (with the same name, no chevron) on phones, where the bar is narrow. */
export function AdminMenuButton(props: ComponentProps<'button'>) {
  return (
    <Button variant="ghost" className="h-11 gap-1.5 px-2 md:h-10" {...props}>
      <LayoutGrid aria-hidden className="size-5" />
      <span className="max-md:sr-only">Admin</span>
      <ChevronDown aria-hidden className="size-4 text-muted-foreground max-md:hidden" />
    </Button>
  );
}
