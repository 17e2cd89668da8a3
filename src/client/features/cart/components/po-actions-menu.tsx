import { Copy, MoreHorizontal, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { CartView } from '@common/contracts/carts';
import type { cartWording } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu';
import { PoNameDialog, type PoNameAction } from './po-name-dialog';

/** A PO row's Rename and Duplicate (ADR 0190); Delete stays its own button. */
export function PoActionsMenu({ cart, wording }: { cart: CartView; wording: ReturnType<typeof cartWording> }) {
  const [action, setAction] = useState<PoNameAction | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${cart.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setAction('rename')}>
            <Pencil aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setAction('duplicate')}>
            <Copy aria-hidden />
            Duplicate
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PoNameDialog cart={cart} action={action} wording={wording} onClose={() => setAction(null)} />
    </>
  );
}
