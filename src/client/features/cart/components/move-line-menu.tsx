import { ArrowRightLeft } from 'lucide-react';
import type { CartItem, CartView } from '@common/contracts/carts';
import { Button } from '@client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { isApiError } from '@client/lib/api-client';
import { useMoveCartItem } from '../api/move-cart-item';
import { toastCartError } from '../lib/cart-errors';

/** "Move to…" on a PO's line (ADR 0190): the whole line goes to another of your POs. */
export function MoveLineMenu({ item, from, others }: { item: CartItem; from: CartView; others: readonly CartView[] }) {
  const move = useMoveCartItem();
  if (others.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Move ${item.product.name} to another PO`} className="print:hidden" disabled={move.isPending}>
          <ArrowRightLeft aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-[min(22rem,calc(100vw-1rem))]">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        {others.map((cart) => (
          <DropdownMenuItem
            key={cart.id}
            onSelect={() =>
              move.mutate(
                { cartId: from.id, itemId: item.id, toCartId: cart.id },
                {
                  onSuccess: (answer) =>
                    toast({ title: 'Line moved', description: `${item.product.name} moved to ${answer.toCartName}.`, duration: TOAST_DURATION.short }),
                  onError: (error) =>
                    isApiError(error) && error.status === 400 && error.serverMessage
                      ? toast({ title: 'Cannot move line', description: error.serverMessage, variant: 'destructive' })
                      : toastCartError(error, 'Error Updating Cart'),
                },
              )
            }
          >
            <span className="min-w-0 flex-1 truncate">{cart.name}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
