import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@client/components/ui/button';

/** The PO switcher's button, beside the cart link in the frame. */
export function PoMenuButton(props: ComponentProps<'button'>) {
  return (
    <Button variant="outline" className="h-11 rounded-l-none border-l-0 px-2 md:h-10" aria-label="Switch PO" data-testid="frame-po-menu" {...props}>
      <ChevronDown aria-hidden />
    </Button>
  );
}
