import { ChevronDown, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CartView } from '@common/contracts/carts';
import { cartProductCount, type cartWording } from '@common/domain/cart-rules';
import { formatCount } from '@common/domain/format';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useSelectCart } from '../api/select-cart';
import { toastCartError } from '../lib/cart-errors';
import { CreateCartDialog } from './create-cart-dialog';

/** Cart: for non-salespeople, a cart-name dropdown listing their carts, with Create New PO. */
export function CartSwitcher({ carts, active, wording }: { carts: CartView[]; active: CartView; wording: ReturnType<typeof cartWording> }) {
  const select = useSelectCart();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="max-w-full justify-between sm:max-w-xs">
            <span className="sr-only">{`${wording.nameLabel}: `}</span>
            <span className="truncate">{active.name}</span>
            <span className="sr-only">. Switch or create</span>
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Your {wording.orderNoun}s</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={String(active.id)}
            onValueChange={(id) =>
              select.mutate(Number(id), { onError: (error) => toastCartError(error, 'Error Updating Cart', 'Failed to update cart. Please try again.') })
            }
          >
            {carts.map((cart) => (
              <DropdownMenuRadioItem key={cart.id} value={String(cart.id)}>
                <span className="min-w-0 flex-1 truncate">{cart.name}</span>
                {/* docs/decisions/0213: products, as the header badge counts them. */}
                <span className="nums text-xs text-muted-foreground">
                  {formatCount(cartProductCount(cart))}
                  <span className="sr-only"> {cartProductCount(cart) === 1 ? 'product' : 'products'}</span>
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            {wording.createLabel}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateCartDialog open={creating} onOpenChange={setCreating} wording={wording} activate />
    </>
  );
}
