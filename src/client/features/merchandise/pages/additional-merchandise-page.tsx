import type { CartView } from '@common/contracts/carts';
import type { MerchandiseItem } from '@common/contracts/merchandise';
import { merchandiseList, type MerchandiseType } from '@common/domain/cart-rules';
import { LoadingState } from '@client/components/loading-state';
import { cartItemsText, StickySummary } from '@client/components/sticky-summary';
import { Page } from '@client/components/page-frame';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useAdjustCartMerchandise } from '../api/adjust-cart-merchandise';
import { useActiveCart } from '@client/api/get-carts';
import { useMerchandiseList } from '../api/get-merchandise-list';
import { useSetCartMerchandise } from '@client/api/set-cart-merchandise';
import { itemsText, MerchandiseGroup } from '../components/merchandise-group';
import { MerchandiseItemRow } from '../components/merchandise-item-row';
import { groupMerchandise } from '../lib/group-merchandise';
import { formatCount } from '@common/domain/format';

const failed = (description: string) => () => toast({ title: 'Error', description, variant: 'destructive' });
const ONE_FAILED = 'Failed to update cart. Please try again.';
const BULK_FAILED = 'Failed to update quantities. Please try again.';

interface SectionSpec {
  type: MerchandiseType;
  groupOf: (item: MerchandiseItem) => string | null;
  fallback: string;
}

const SECTIONS: SectionSpec[] = [
  { type: 'display', groupOf: (m) => m.category, fallback: 'Other displays' },
  { type: 'handboard', groupOf: (m) => m.category ?? m.handboardType, fallback: 'Handboard' },
  { type: 'pricelist', groupOf: (m) => m.category, fallback: 'General' },
  { type: 'label', groupOf: (m) => m.line, fallback: 'Other labels' },
];

function useQuantities(cart: CartView | null | undefined, type: MerchandiseType) {
  const entries = cart ? cart[merchandiseList(type).key] : [];
  const map = new Map(entries.map((e) => [e.code, e.quantity]));
  return (code: string) => map.get(code) ?? 0;
}

function Section({ spec, cart }: { spec: SectionSpec; cart: CartView }) {
  const { title } = merchandiseList(spec.type);
  const list = useMerchandiseList(spec.type);
  const quantityOf = useQuantities(cart, spec.type);
  const adjust = useAdjustCartMerchandise();
  const set = useSetCartMerchandise();
  const isLabels = spec.type === 'label';

  const change = (item: MerchandiseItem, next: number) => {
    const delta = next - quantityOf(item.code);
    // Steps go through the atomic adjust so quick clicks add up; typed numbers set the entry.
    if (Math.abs(delta) === 1) adjust.mutate({ cartId: cart.id, items: [item], delta }, { onError: failed(ONE_FAILED) });
    else set.mutate({ cartId: cart.id, item, quantity: next }, { onError: failed(ONE_FAILED) });
  };
  const bump = (items: MerchandiseItem[], delta: 1 | -1) => {
    const targets = delta < 0 ? items.filter((item) => quantityOf(item.code) > 0) : items;
    if (targets.length > 0) adjust.mutate({ cartId: cart.id, items: targets, delta }, { onError: failed(BULK_FAILED) });
  };
  const allButtons = (items: MerchandiseItem[], what: string) => (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" aria-label={`-1 All ${what}`} onClick={() => bump(items, -1)} disabled={!items.some((i) => quantityOf(i.code) > 0)}>
        -1 All
      </Button>
      <Button variant="outline" size="sm" aria-label={`+1 All ${what}`} onClick={() => bump(items, 1)}>
        +1 All
      </Button>
    </div>
  );

  const items = list.data ?? [];
  const inCart = items.filter((item) => quantityOf(item.code) > 0).length;
  const groups = groupMerchandise(items, spec.groupOf, spec.fallback);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="flex-1">{title}</CardTitle>
        <Badge variant="outline">{itemsText(items.length)}</Badge>
        {inCart > 0 && <Badge variant="accent">{inCart} in cart</Badge>}
        {isLabels && items.length > 0 && allButtons(items, 'labels')}
      </CardHeader>
      <CardContent>
        {list.isPending && <LoadingState>Loading {title.toLowerCase()}…</LoadingState>}
        {list.isError && (
          <Alert variant="destructive">
            <AlertDescription>Could not load {title.toLowerCase()}. Please try again.</AlertDescription>
          </Alert>
        )}
        {list.isSuccess && items.length === 0 && <p className="text-muted-foreground">No {title.toLowerCase()} yet.</p>}
        {groups.map((group) => (
          <MerchandiseGroup
            key={group.name}
            name={group.name}
            itemCount={group.items.length}
            inCart={group.items.filter((item) => quantityOf(item.code) > 0).length}
            // Label lines are many: they start folded; the other sections are short.
            defaultOpen={!isLabels}
            // Per-line +1 All / -1 All only where a line has more than one label (else they repeat the row's stepper).
            actions={isLabels && group.items.length > 1 ? allButtons(group.items, `${group.name} labels`) : undefined}
          >
            {group.items.map((item) => (
              <MerchandiseItemRow key={item.code} item={item} quantity={quantityOf(item.code)} onChange={(next) => change(item, next)} />
            ))}
          </MerchandiseGroup>
        ))}
      </CardContent>
    </Card>
  );
}

/** Displays, handboards, price lists and labels in the cart (their quantities summed). */
function merchandiseCount(cart: CartView): number {
  const sum = (list: readonly { quantity: number }[]) => list.reduce((total, entry) => total + entry.quantity, 0);
  return sum(cart.displays) + sum(cart.handboards) + sum(cart.priceLists) + sum(cart.labels);
}

/** /additional-merchandise: quantities go straight into the active cart. */
export function AdditionalMerchandisePage() {
  const cart = useActiveCart();
  const active = cart.data;
  return (
    <Page title="Additional Merchandise" description="Displays, handboards, price lists and labels for your sample order.">
      {cart.isPending && <LoadingState>Loading your cart...</LoadingState>}
      {cart.isError && (
        <Alert variant="destructive">
          <AlertDescription>There was an error with your cart. Please try again.</AlertDescription>
        </Alert>
      )}
      {cart.isSuccess && !cart.data && (
        <Alert variant="destructive">
          <AlertDescription>Could not establish an active cart. Please try again.</AlertDescription>
        </Alert>
      )}
      {active && SECTIONS.map((spec) => <Section key={spec.type} spec={spec} cart={active} />)}
      {active && (
        <StickySummary>
          <span className="font-semibold">{formatCount(merchandiseCount(active))} merchandise items</span>
          <span className="block text-muted-foreground sm:inline"><span className="max-sm:hidden"> · </span>{cartItemsText(active.totalItems)}</span>
        </StickySummary>
      )}
    </Page>
  );
}
