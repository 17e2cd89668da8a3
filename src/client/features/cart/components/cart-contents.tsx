import type { ReactNode } from 'react';
import type { CartItem, CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { MERCHANDISE_LISTS, merchandiseTitle } from '@common/domain/cart-rules';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useSetCartMerchandise } from '@client/api/set-cart-merchandise';
import { useAddCartItem } from '../api/add-cart-item';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { toastCartError } from '../lib/cart-errors';
import { useCartLots, useSetCartLotChoice } from '../api/get-cart-lots';
import { CartLineItem } from './cart-line-item';
import { CartLineLots } from './cart-line-lots';
import { CartLineBackorder } from './cart-line-backorder';
import { useCartBackorders, useSetBackorderShipping } from '../api/get-cart-backorders';
import { MoveLineMenu } from './move-line-menu';
import { MerchandiseLine } from './merchandise-line';
import { PriceChangeNote } from './price-change-note';
import type { PriceChanges } from '../lib/prices-changed';
import { lotConflictId, type LineRefusal } from '../lib/lot-conflicts';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-border bg-surface px-4 shadow-xs sm:px-5">
      <h2 className="flex items-center justify-between border-b border-border py-3 text-base font-semibold">
        {title}
        <span className="nums text-sm font-normal text-muted-foreground">{count}</span>
      </h2>
      <ul className="divide-y divide-border">{children}</ul>
    </section>
  );
}

/** A refused line of a SKU without lots (its stock fell): the server's sentence on the line. */
function LineRefusalNote({ productId, refusal }: { productId: number; refusal: LineRefusal }) {
  return (
    <p id={lotConflictId(productId)} tabIndex={-1} role="alert" className="mt-2 rounded-md border border-warning/30 bg-warning-soft p-3 text-sm font-medium text-warning outline-none">
      {refusal.message}
    </p>
  );
}

/** Cart body: product items, then displays, labels, price lists and handboards. */
export function CartContents({
  cart,
  showPrices,
  otherCarts = [],
  priceChanges = null,
  refusals = new Map(),
  waiting,
}: {
  cart: CartView;
  showPrices: boolean;
  otherCarts?: readonly CartView[];
  /** The figures of a Place Order refused because prices changed (docs/decisions/0206). */
  priceChanges?: PriceChanges | null;
  /** The lines Place Order's last 409 named (docs/decisions/0209): shown on those lines. */
  refusals?: ReadonlyMap<number, LineRefusal>;
  /** The products whose line has a rep's change waiting on the device (docs/decisions/0239). */
  waiting?: ReadonlySet<number>;
}) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const restore = useAddCartItem();
  const setMerchandise = useSetCartMerchandise();
  const cartLots = useCartLots(cart.id, cart.items.length > 0);
  const setLotChoice = useSetCartLotChoice(cart.id);
  // Lines past the stock that incoming loads cover (docs/decisions/0238).
  const backorders = useCartBackorders(cart.id, cart.items.length > 0);
  const setShipping = useSetBackorderShipping(cart.id);
  const backorderOf = (item: CartItem) => backorders.data?.lines.find((l) => l.productId === item.productId && l.quantity === item.quantity);
  const backorderLine = (item: CartItem) => {
    const line = backorderOf(item);
    if (!line) return undefined;
    return (
      <CartLineBackorder
        line={line}
        busy={setShipping.isPending || update.isPending}
        pending={setShipping.isPending && setShipping.variables.productId === item.productId ? setShipping.variables.shipping : undefined}
        onShipping={(shipping) => setShipping.mutate({ productId: item.productId, shipping }, { onError: (error) => toastCartError(error, 'Error Updating Item') })}
      />
    );
  };
  const setQuantity = (item: CartItem, quantity: number) =>
    update.mutate({ cartId: cart.id, itemId: item.id, quantity, productId: item.productId, product: item.product }, { onError: (error) => toastCartError(error, 'Error Updating Item') });
  const lotLine = (item: CartItem) => {
    const line = cartLots.data?.lines.find((l) => l.productId === item.productId);
    const refusal = refusals.get(item.productId);
    if (!line) return refusal?.quantity === item.quantity ? <LineRefusalNote productId={item.productId} refusal={refusal} /> : undefined;
    return (
      <CartLineLots
        line={line}
        quantity={item.quantity}
        refusal={refusal}
        busy={setLotChoice.isPending || update.isPending}
        onQuantity={(quantity) => setQuantity(item, quantity)}
        onOneLot={(oneLot) => setLotChoice.mutate({ productId: item.productId, oneLot }, { onError: (error) => toastCartError(error, 'Error Updating Item') })}
      />
    );
  };

  const priceNote = (productId: number) => {
    const change = showPrices ? priceChanges?.lines.find((l) => l.productId === productId) : undefined;
    return change ? <PriceChangeNote change={change} /> : undefined;
  };

  const setEntry = (item: CartMerchandiseEntry, quantity: number) =>
    setMerchandise.mutate(
      { cartId: cart.id, item, quantity },
      { onError: (error) => toastCartError(error, 'Error', 'Failed to update cart. Please try again.') },
    );

  // docs/decisions/0213: every merchandise line has its own remove, with Undo as product lines have.
  const removeEntry = (item: CartMerchandiseEntry) =>
    setMerchandise.mutate(
      { cartId: cart.id, item, quantity: 0 },
      {
        onSuccess: () =>
          toast({
            title: 'Removed',
            description: `${merchandiseTitle(item)} was removed.`,
            duration: TOAST_DURATION.short,
            action: { label: 'Undo', altText: `Undo removing ${merchandiseTitle(item)}`, onClick: () => setEntry(item, item.quantity) },
          }),
        onError: (error) => toastCartError(error, 'Error', 'Failed to update cart. Please try again.'),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      {cart.items.length > 0 && (
        <Section title="Products" count={cart.items.length}>
          {cart.items.map((item) => (
            <CartLineItem
              key={item.id}
              item={item}
              showPrices={showPrices}
              lots={
                <>
                  {lotLine(item)}
                  {backorderLine(item)}
                </>
              }
              cap={backorders.data?.lines.find((l) => l.productId === item.productId)?.cap}
              priceNote={priceNote(item.productId)}
              // A PO waiting for approval is locked (docs/decisions/0233): no quantity, move or remove.
              locked={cart.approvalStatus === 'pending'}
              waiting={waiting?.has(item.productId)}
              moveAction={cart.approvalStatus === 'pending' ? undefined : <MoveLineMenu item={item} from={cart} others={otherCarts} />}
              onQuantity={(quantity) => setQuantity(item, quantity)}
              onRemove={() =>
                remove.mutate(
                  { cartId: cart.id, itemId: item.id, productId: item.productId, product: item.product },
                  {
                    // 3 s; with Undo, which puts the line back as it was.
                    onSuccess: () =>
                      toast({
                        title: 'Item Removed',
                        description: `${item.product.name} was removed.`,
                        duration: TOAST_DURATION.short,
                        action: {
                          label: 'Undo',
                          altText: `Undo removing ${item.product.name}`,
                          onClick: () =>
                            restore.mutate(
                              { cartId: cart.id, productId: item.productId, quantity: item.quantity, product: item.product },
                              { onError: (error) => toastCartError(error, 'Could not undo') },
                            ),
                        },
                      }),
                    onError: (error) => toastCartError(error, 'Error Updating Item'),
                  },
                )
              }
            />
          ))}
        </Section>
      )}
      {MERCHANDISE_LISTS.map((list) =>
        cart[list.key].length === 0 ? null : (
          <Section key={list.key} title={list.title} count={cart[list.key].length}>
            {cart[list.key].map((entry) => (
              <MerchandiseLine
                key={entry.code}
                entry={entry}
                onQuantity={(quantity) => setEntry(entry, quantity)}
                onRemove={() => removeEntry(entry)}
              />
            ))}
          </Section>
        ),
      )}
    </div>
  );
}
