import { ChevronDown, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CartView } from '@common/contracts/carts';
import type { cartWording } from '@common/domain/cart-rules';
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
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useCarts } from '@client/api/get-carts';
import { useSelectCart } from '../api/select-cart';
import { toastCartError } from '../lib/cart-errors';
import { CreateCartDialog } from './create-cart-dialog';

/**
 * The frame's PO switcher (issue 26, ADR 0189): which PO receives the adds, switched from any
 * page; Create New PO makes the new one active; All POs opens /cartselect.
 */
export function ActivePoMenu({ active, wording }: { active: CartView; wording: ReturnType<typeof cartWording> }) {
  const carts = useCarts();
  const select = useSelectCart();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-11 rounded-l-none border-l-0 px-2 md:h-10" aria-label="Switch PO" data-testid="frame-po-menu">
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-[min(22rem,calc(100vw-1rem))]">
          <DropdownMenuLabel>Adds go to</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={String(active.id)}
            onValueChange={(id) => {
              const chosen = carts.data?.find((c) => c.id === Number(id));
              select.mutate(Number(id), {
                onSuccess: () => chosen && toast({ title: 'PO switched', description: `Adds now go to ${chosen.name}.`, duration: TOAST_DURATION.short }),
                onError: (error) => toastCartError(error, 'Error Updating Cart', 'Failed to update cart. Please try again.'),
              });
            }}
          >
            {(carts.data ?? [active]).map((cart) => (
              <DropdownMenuRadioItem key={cart.id} value={String(cart.id)}>
                <span className="min-w-0 flex-1 truncate">{cart.name}</span>
                <span className="nums text-xs text-muted-foreground">{cart.totalItems}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            {wording.createLabel}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/cartselect">
              <List aria-hidden />
              All {wording.orderNoun === 'purchase order' ? 'POs' : `${wording.orderNoun}s`}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateCartDialog open={creating} onOpenChange={setCreating} wording={wording} activate />
    </>
  );
}
