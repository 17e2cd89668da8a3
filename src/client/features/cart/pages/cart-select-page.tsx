import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { CartView } from '@common/contracts/carts';
import { cartProductCount, cartWording, productsText } from '@common/domain/cart-rules';
import { formatCount } from '@common/domain/format';
import { formatDateTime } from '@common/domain/format-date';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PageTitle } from '@client/components/page-frame';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useCarts } from '@client/api/get-carts';
import { useSelectCart } from '../api/select-cart';
import { CartLoadError, CartLoading } from '../components/cart-states';
import { CreateCartDialog } from '../components/create-cart-dialog';
import { DeleteCartButton } from '../components/delete-cart-button';
import { PoActionsMenu } from '../components/po-actions-menu';
import { SharedPos } from '../components/shared-pos';
import { toastCartError } from '../lib/cart-errors';

/**
 * /cartselect (Cart select): the user's carts with Date Last Modified,
 * name and item count; Select makes one active and opens /cart. Also where a
 * placed PO lands; the placed PO is no longer listed (ADR 0189). Rename and
 * Duplicate sit in each row's menu (ADR 0190).
 */
export function CartSelectPage({ user }: { user: CurrentUser }) {
  const wording = cartWording(user.activeRole);
  useDocumentTitle(wording.listTitle);
  const [, navigate] = useLocation();
  const carts = useCarts();
  const select = useSelectCart();
  const [creating, setCreating] = useState(false);

  const choose = (cart: CartView) =>
    select.mutate(cart.id, {
      onSuccess: () => navigate('/cart'),
      onError: (error) => toastCartError(error, 'Error Updating Cart', 'Failed to update cart. Please try again.'),
    });

  const selectButton = (cart: CartView) => (
    <Button
      size="sm"
      variant={cart.isActive ? 'outline' : 'default'}
      loading={select.isPending && select.variables === cart.id}
      onClick={() => choose(cart)}
      aria-label={`Select ${cart.name}`}
    >
      Select
    </Button>
  );

  return (
    <div className="min-h-dvh">
      <PageTitle
        title={wording.listTitle}
        actions={
          // Salespeople keep one sample order (no cart switching); the server refuses a second too.
          wording.kind === 'purchase' && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {wording.createLabel}
            </Button>
          )
        }
      />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {carts.isPending ? (
          <CartLoading />
        ) : carts.isError ? (
          <CartLoadError onRetry={() => void carts.refetch()} retrying={carts.isFetching} />
        ) : (
          <>
            {/* Phones: one card per cart. */}
            <ul className="grid gap-3 md:hidden" aria-label={wording.listTitle}>
              {carts.data.map((cart) => (
                <li key={cart.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card border border-border bg-surface p-4 shadow-xs">
                  <div className="min-w-0 flex-[1_1_12rem]">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="truncate">{cart.name}</span>
                      {cart.isActive && <Badge variant="accent">Current</Badge>}
                    </p>
                    <p className="nums text-sm text-muted-foreground">
                      {productsText(cartProductCount(cart))} · {formatDateTime(cart.lastModified)}
                    </p>
                  </div>
                  {/* The actions wrap under the name when the phone is too narrow for both. */}
                  <div className="ml-auto flex items-center gap-1">
                    {wording.kind === 'purchase' && <PoActionsMenu cart={cart} wording={wording} />}
                    <DeleteCartButton cart={cart} />
                    {selectButton(cart)}
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden shadow-xs md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date Last Modified</TableHead>
                    <TableHead>PO Name</TableHead>
                    <TableHead className="text-right">Products</TableHead>
                    <TableHead className="w-1 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {carts.data.map((cart) => (
                    <TableRow key={cart.id} data-state={cart.isActive ? 'selected' : undefined}>
                      <TableCell className="nums whitespace-nowrap">{formatDateTime(cart.lastModified)}</TableCell>
                      <TableCell>
                        <span className="font-medium">{cart.name}</span>
                        {cart.isActive && (
                          <Badge variant="accent" className="ml-2">
                            Current
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell className="nums text-right">{formatCount(cartProductCount(cart))}</TableCell>
                      <TableCell>
                        <div className="flex items-center justify-end gap-1">
                          {wording.kind === 'purchase' && <PoActionsMenu cart={cart} wording={wording} />}
                          <DeleteCartButton cart={cart} />
                          {selectButton(cart)}
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
        {wording.kind === 'purchase' && user.companyId !== null && <SharedPos />}
      </main>
      {/* And a new PO is the one you work on, so it opens in /cart. */}
      <CreateCartDialog open={creating} onOpenChange={setCreating} wording={wording} activate onCreated={() => navigate('/cart')} />
    </div>
  );
}
