import { List, Plus } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { CartView } from '@common/contracts/carts';
import { cartProductCount, type cartWording } from '@common/domain/cart-rules';
import { formatCount } from '@common/domain/format';
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
import type { OnDemandMenuProps } from '@client/lib/menu-on-demand';
import { preloadableLazy } from '@client/lib/preloadable-lazy';
import { PoMenuButton } from './po-menu-button';

/*
 * Create New PO brings the form library, its zod resolver and Radix Dialog (about a fifth of the
 * first load's script, ADR 0199), and every signed-in page shows this menu, so the dialog loads
 * when the menu opens (fetched while the user reads the items) and renders on the first select.
 */
const CreateCartDialog = preloadableLazy(() => import('./create-cart-dialog').then((m) => m.CreateCartDialog));
const preloadCreateCart = () => void CreateCartDialog.preload().catch(() => undefined);

/**
 * The frame's PO switcher (ADR 0189): which PO receives the adds, switched from any
 * page; Create New PO makes the new one active; All POs opens /cartselect. Loaded when the user
 * heads for its button (`active-po-menu-on-demand.tsx`, ADR 0199).
 */
export function ActivePoMenu({
  active,
  wording,
  defaultOpen = false,
  focusButton = false,
}: { active: CartView; wording: ReturnType<typeof cartWording> } & Partial<OnDemandMenuProps>) {
  const carts = useCarts();
  const select = useSelectCart();
  const [creating, setCreating] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Mounted from the first open on, so closing animates and reopening is instant.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (creating && !dialogMounted) setDialogMounted(true);
  // Opened by the press that loaded this menu: no onOpenChange for that first open.
  useEffect(() => {
    if (defaultOpen) preloadCreateCart();
  }, [defaultOpen]);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(open) => open && preloadCreateCart()}>
        <DropdownMenuTrigger asChild>
          <PoMenuButton ref={button} autoFocus={focusButton} />
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
          <DropdownMenuItem asChild>
            <Link href="/cartselect">
              <List aria-hidden />
              All {wording.orderNoun === 'purchase order' ? 'POs' : `${wording.orderNoun}s`}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialogMounted && (
        <Suspense fallback={null}>
          <CreateCartDialog open={creating} onOpenChange={setCreating} wording={wording} activate returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
