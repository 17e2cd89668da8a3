import { useMemo, useState } from 'react';
import type { Product } from '@common/contracts/products';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import { naturalOrder } from '@common/domain/stock-filters';
import type { BulkAddResponse } from '@common/contracts/carts';
import { cartDisplayName, cartProductCount, productsText } from '@common/domain/cart-rules';
import type { Role } from '@common/domain/permissions';
import { isOutOfStock, planPastedList, QUICK_ADD_MESSAGES, quickAddProducts, withBulkAnswer, type PastedLineResult } from '@common/domain/quick-add';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { QuantityStepper } from '@client/components/quantity-stepper';
import { StickySummary } from '@client/components/sticky-summary';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useBulkAddItems } from '../api/bulk-add-items';
import { useActiveCart } from '@client/api/get-carts';
import { useProducts } from '@client/api/get-products';
import { FilterChips } from '../components/filter-chips';
import { PasteList } from '../components/paste-list';
import { QuickAddTable } from '../components/quick-add-table';
import { BulkAddReport } from '../components/bulk-add-report';
import { toastBulkAnswer, toastBulkFailure } from '../lib/bulk-add-feedback';
import { formatCount } from '@common/domain/format';

/** Rows drawn at once; "Show more" draws the next batch (the full list is a few thousand). */
const PAGE = 100;
const NO_PRODUCTS: Product[] = [];

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort(naturalOrder);

/** /quick-add (Sample Cart Quick Add). */
export function QuickAddPage({ activeRole = 'salesperson' }: { activeRole?: Role | null }) {
  const products = useProducts();
  const cart = useActiveCart();
  const bulkAdd = useBulkAddItems();
  const [line, setLine] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [quantity, setQuantity] = useState(1);
  const [shown, setShown] = useState(PAGE);
  const [pasted, setPasted] = useState<PastedLineResult[] | null>(null);
  const [report, setReport] = useState<BulkAddResponse | null>(null);

  const all = products.data ?? NO_PRODUCTS;
  const offered = useMemo(() => quickAddProducts(all), [all]);
  const lines = useMemo(() => distinct(offered.map((p) => p.line)), [offered]);
  const sizes = useMemo(() => distinct(offered.filter((p) => line === null || p.line === line).map((p) => p.size)), [offered, line]);
  const rows = useMemo(
    () => offered.filter((p) => (line === null || p.line === line) && (size === null || p.size === size)),
    [offered, line, size],
  );
  const byId = useMemo(() => new Map(all.map((p) => [p.id, p])), [all]);
  const cartId = cart.data?.id;
  const poName = cart.data ? cartDisplayName(cart.data, activeRole) : '';

  const choose = (setter: (v: string | null) => void) => (value: string | null) => {
    setter(value);
    setShown(PAGE);
  };

  const addSelected = () => {
    if (cartId === undefined) return;
    const chosen = [...selected].map((id) => byId.get(id));
    if (chosen.some((p) => p === undefined)) {
      toast({ ...QUICK_ADD_MESSAGES.invalidProduct, variant: 'destructive' });
      return;
    }
    // "Cannot add items": nothing to send when every selected product is out of stock.
    if ((chosen as Product[]).every((p) => isOutOfStock(p))) {
      toast({ ...QUICK_ADD_MESSAGES.allOut, variant: 'destructive' });
      return;
    }
    // Every selected product goes to the server, which adds, cuts or leaves out each one and says so (ADR 0189).
    bulkAdd.mutate(
      { cartId, items: (chosen as Product[]).map((p) => ({ productId: p.id, quantity })) },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setReport(result);
          toastBulkAnswer(result, poName);
        },
        onError: toastBulkFailure,
      },
    );
  };

  const addPasted = (text: string) => {
    if (cartId === undefined) return;
    const inCart = new Map((cart.data?.items ?? []).map((item) => [item.productId, item.quantity]));
    const plan = planPastedList(text, all, inCart);
    if (plan.items.length === 0) {
      setPasted(plan.lines);
      toast({ title: 'Nothing to add', description: 'No line of the list could be added.', variant: 'destructive' });
      return;
    }
    bulkAdd.mutate(
      { cartId, items: plan.items },
      {
        onSuccess: (result) => {
          setPasted(withBulkAnswer(plan.lines, result.lines));
          toastBulkAnswer(result, poName);
        },
        onError: toastBulkFailure,
      },
    );
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const p of rows.slice(0, shown)) {
        if (on) next.add(p.id);
        else next.delete(p.id);
      }
      return next;
    });

  return (
    <Page title="Sample Cart Quick Add" description="Choose samples by line and size and add them to your sample cart in one go.">
      {(products.isPending || cart.isPending) && <LoadingState>Loading products...</LoadingState>}
      {(products.isError || cart.isError) && (
        <Alert variant="destructive">
          <AlertDescription>Could not load the products or your cart. Please try again.</AlertDescription>
        </Alert>
      )}
      {products.isSuccess && cart.isSuccess && (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Paste a list</CardTitle>
            </CardHeader>
            <CardContent>
              <PasteList pending={bulkAdd.isPending} results={pasted} onSubmit={addPasted} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="grid gap-4 pt-5 sm:pt-6">
              <FilterChips label="Line" options={lines} value={line} onChange={choose(setLine)} />
              <FilterChips label="Format" options={sizes} value={size} onChange={choose(setSize)} />
              <div className="sticky top-(--frame-height) z-10 flex flex-wrap items-center gap-3 border-y border-border bg-surface py-2">
                <span className="text-sm font-medium">Quantity each</span>
                <QuantityStepper value={quantity} min={1} max={MAX_LINE_QUANTITY} label="Quantity for each selected product" onChange={setQuantity} />
                <Button onClick={addSelected} disabled={selected.size === 0 || bulkAdd.isPending}>
                  Add Selected ({selected.size})
                </Button>
                {selected.size > 0 && (
                  <Button variant="ghost" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                )}
              </div>
              {report && <BulkAddReport result={report} poName={poName} />}
              {rows.length === 0 ? (
                <Alert>
                  <AlertTitle>{QUICK_ADD_MESSAGES.noProducts.title}</AlertTitle>
                  <AlertDescription>{QUICK_ADD_MESSAGES.noProducts.description}</AlertDescription>
                </Alert>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground" role="status">
                    {formatCount(rows.length)} products
                  </p>
                  <QuickAddTable rows={rows.slice(0, shown)} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
                  {rows.length > shown && (
                    <Button variant="outline" className="justify-self-center" onClick={() => setShown((n) => n + PAGE)}>
                      Show more ({formatCount(rows.length - shown)} left)
                    </Button>
                  )}
                </>
              )}
            </CardContent>
          </Card>
          <StickySummary>
            <span className="font-semibold">{formatCount(selected.size)} selected</span>
            {/* docs/decisions/0213: products, as the header badge counts them. */}
            <span className="text-muted-foreground"> · {productsText(cart.data ? cartProductCount(cart.data) : 0)} in {poName || 'your order'}</span>
          </StickySummary>
        </>
      )}
    </Page>
  );
}
