import { Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { Product } from '@common/contracts/products';
import { cartDisplayName } from '@common/domain/cart-rules';
import { formatCents, lineTotalCents } from '@common/domain/money';
import type { Role } from '@common/domain/permissions';
import { MAX_PASTED_LINES, planPastedList, withBulkAnswer, type PastedLineResult } from '@common/domain/quick-add';
import { quickOrderExclusion } from '@common/domain/quick-order';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useActiveCart } from '@client/api/get-carts';
import { useProducts } from '@client/api/get-products';
import { isApiError } from '@client/lib/api-client';
import { useBulkAddItems } from '../api/bulk-add-items';
import { useQuickOrderPrices } from '../api/quick-order-prices';
import { useReadQuickOrderFile } from '../api/read-quick-order-file';
import { QuickOrderLines } from '../components/quick-order-lines';
import { toastBulkAnswer, toastBulkFailure } from '../lib/bulk-add-feedback';

const NO_PRODUCTS: Product[] = [];

/**
 * /quick-order (ADR 0190): the dealers' quick order pad. SKU and quantity lines typed,
 * pasted or read from a CSV/XLSX file, checked line by line with prices as they are typed, then
 * added to the active PO by the bulk add (one request, ADR 0189), with what became of each line.
 */
export function QuickOrderPage({ activeRole }: { activeRole: Role | null }) {
  const products = useProducts();
  const cart = useActiveCart();
  const bulkAdd = useBulkAddItems();
  const readFile = useReadQuickOrderFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [results, setResults] = useState<PastedLineResult[] | null>(null);

  const all = products.data ?? NO_PRODUCTS;
  const byId = useMemo(() => new Map(all.map((p) => [p.id, p])), [all]);
  const inCart = useMemo(() => new Map((cart.data?.items ?? []).map((item) => [item.productId, item.quantity])), [cart.data]);
  // Past the stock, a line may take boxes on incoming loads as a backorder (docs/decisions/0238).
  const plan = useMemo(
    () => planPastedList(text, all, inCart, { exclusion: quickOrderExclusion, onOrder: (id) => byId.get(id)?.quantityOnOrder ?? 0 }),
    [text, all, inCart, byId],
  );
  const poName = cart.data ? cartDisplayName(cart.data, activeRole) : '';
  const problems = plan.lines.filter((l) => l.status === 'refused').length;
  // docs/decisions/0233: each line at the price the PO will charge for what it will then hold.
  const priceAsks = useMemo(() => plan.items.map((i) => ({ productId: i.productId, quantity: (inCart.get(i.productId) ?? 0) + i.quantity })), [plan.items, inCart]);
  const prices = useQuickOrderPrices(priceAsks);
  const priceOf = (productId: number) => (prices.has(productId) ? prices.get(productId)!.price : (byId.get(productId)?.price ?? null));
  const totalCents = plan.items.reduce((sum, item) => sum + (lineTotalCents(priceOf(item.productId), item.quantity) ?? 0), 0);

  const edit = (value: string) => {
    setText(value);
    setResults(null);
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    readFile.mutate(file, {
      onSuccess: (answer) => edit(answer.text),
      onError: (error) =>
        toast({ title: 'Upload Failed', description: isApiError(error) && error.serverMessage ? error.serverMessage : 'The file could not be read.', variant: 'destructive' }),
    });
  };

  const add = () => {
    if (!cart.data || plan.items.length === 0) return;
    bulkAdd.mutate(
      { cartId: cart.data.id, items: plan.items },
      {
        onSuccess: (result) => {
          setResults(withBulkAnswer(plan.lines, result.lines));
          toastBulkAnswer(result, poName);
        },
        onError: toastBulkFailure,
      },
    );
  };

  return (
    <Page title="Quick Order" description={`Type or paste a SKU and a quantity per line, or upload a CSV or Excel file. Lines go into ${poName || 'your PO'}.`}>
      {(products.isPending || cart.isPending) && <LoadingState>Loading products...</LoadingState>}
      {(products.isError || cart.isError) && (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Could not load the products or your PO.
            <Button size="sm" variant="outline" onClick={() => void Promise.all([products.refetch(), cart.refetch()])}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {products.isSuccess && cart.isSuccess && (
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:pt-6">
            <div className="grid gap-1.5">
              <Label htmlFor="quick-order-lines">SKU and quantity, one per line</Label>
              <Textarea
                id="quick-order-lines"
                rows={8}
                className="nums"
                placeholder={'1001 12\n1002, 4\n1003'}
                value={text}
                onChange={(e) => edit(e.target.value)}
                aria-describedby="quick-order-help"
              />
              <p id="quick-order-help" className="text-sm text-muted-foreground">
                SKU and quantity separated by a space, a comma or a tab; a SKU alone orders 1. Up to {MAX_PASTED_LINES} lines. A file needs SKU and
                quantity columns (a header row is optional).
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                aria-label="Upload a CSV or Excel file"
                tabIndex={-1}
                onChange={(e) => {
                  upload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button variant="outline" onClick={() => fileInput.current?.click()} loading={readFile.isPending}>
                <Upload aria-hidden />
                Upload CSV or Excel
              </Button>
              <Button onClick={add} disabled={plan.items.length === 0 || bulkAdd.isPending || results !== null} loading={bulkAdd.isPending} data-testid="quick-order-add">
                Add {plan.items.length} {plan.items.length === 1 ? 'line' : 'lines'} to {poName}
              </Button>
              {plan.lines.length > 0 && (
                <p role="status" className="nums text-sm text-muted-foreground">
                  {plan.lines.length} lines checked · {problems} with a problem · {formatCents(totalCents)}
                </p>
              )}
            </div>
            {(results ?? plan.lines).length > 0 && <QuickOrderLines lines={results ?? plan.lines} products={byId} prices={prices} done={results !== null} />}
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
