import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';
import { useActiveCart } from '@client/api/get-carts';
import { useProducts } from '@client/api/get-products';
import { useRequestedDates } from '@client/api/get-requested-dates';
import { Page } from '@client/components/page-frame';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { OutboxOp } from '../lib/device-db';
import { cartProductOf } from '../lib/field-cart';
import { fieldOrderView } from '../lib/field-order';
import { useFieldStatus } from '../lib/field-status';
import { useOutbox } from '../lib/use-outbox';
import { FieldDatePicker } from '../components/field-date-picker';
import { stockTime } from '../components/stock-time';
import { PORTAL_BUILD } from '../lib/service-worker';

const MAX_MATCHES = 8;

function matches(products: readonly Product[] | undefined, text: string): Product[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!products || words.length === 0) return [];
  const found: Product[] = [];
  for (const product of products) {
    const haystack = `${product.id} ${product.name} ${product.line ?? ''} ${product.color ?? ''}`.toLowerCase();
    if (words.every((w) => haystack.includes(w))) found.push(product);
    if (found.length >= MAX_MATCHES) break;
  }
  return found;
}

function describe(op: OutboxOp): string {
  const what = op.productName ?? `SKU ${op.productId}`;
  if (op.kind === 'add') return `Add ${op.quantity} × ${what}`;
  if (op.kind === 'set') return `Set ${what} to ${op.quantity}`;
  if (op.kind === 'remove') return `Remove ${what}`;
  if (op.kind === 'merch') return op.delta !== undefined ? `${op.delta > 0 ? '+' : ''}${op.delta} ${what}` : `Set ${what} to ${op.quantity}`;
  return `Place the sample order${op.requestedDate ? ` for ${op.requestedDate}` : ''}`;
}

/**
 * Field mode's sample order (docs/decisions/0227, 0228): works with or without a network. Every change
 * is queued on this device and sent in order; what the server refuses comes back here for review.
 */
export function FieldOrderPage({ user }: { user: CurrentUser }) {
  const status = useFieldStatus();
  const products = useProducts();
  const cart = useActiveCart();
  const dates = useRequestedDates();
  const { ops, sent, run } = useOutbox(user.id);
  const [search, setSearch] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [date, setDate] = useState<string | null>(null);
  const deferred = useDeferredValue(search);
  const found = useMemo(() => matches(products.data, deferred), [products.data, deferred]);
  const view = fieldOrderView(cart.data, ops ?? []);
  const review = (ops ?? []).filter((o) => o.status === 'review');
  const requestedDate = date ?? dates.data?.earliest ?? '';
  const searchId = useId();
  const quantityId = useId();
  const dateId = useId();
  const count = Math.max(1, Math.floor(Number(quantity)) || 1);

  return (
    <Page title="Field sample order" description="Works without a signal: changes wait on this device and are sent when the network returns.">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-10 sm:px-6">
        <section aria-label="Device status" className="flex flex-wrap gap-2 text-sm">
          <Badge variant={status.offline ? 'warning' : 'success'}>{status.offline ? 'Offline' : 'Online'}</Badge>
          {status.stockAsOf !== null && <Badge variant="outline">Stock as of {stockTime(status.stockAsOf)}</Badge>}
          <Badge variant="outline">Version {PORTAL_BUILD}</Badge>
          {status.persisted === false && (
            <Badge variant="warning" className="rounded-md whitespace-normal">
              This browser may clear offline data: add the portal to your home screen to keep it
            </Badge>
          )}
        </section>

        <section aria-labelledby={`${searchId}-h`} className="flex flex-col gap-3">
          <h2 id={`${searchId}-h`} className="text-base font-semibold">
            Add products
          </h2>
          <div className="flex flex-wrap gap-3">
            <div className="flex min-w-56 flex-1 flex-col gap-1">
              <Label htmlFor={searchId}>Find a product</Label>
              <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="SKU or name" />
            </div>
            <div className="flex w-28 flex-col gap-1">
              <Label htmlFor={quantityId}>Quantity</Label>
              <Input id={quantityId} type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </div>
          </div>
          {products.isPending && <p className="text-sm text-muted-foreground">Loading the catalogue…</p>}
          {products.isError && <p className="text-sm text-destructive">The catalogue is not on this device yet: open the portal once with a signal.</p>}
          {found.length > 0 && (
            <ul aria-label="Matching products" className="divide-y rounded-md border">
              {found.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="text-sm">
                    <span className="font-mono text-muted-foreground">{p.id}</span> {p.name}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Add ${p.name}`}
                    onClick={() => void run((o) => o.enqueue(user.id, { kind: 'add', productId: p.id, productName: p.name, product: cartProductOf(p), quantity: count }))}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby={`${dateId}-order`} className="flex flex-col gap-3">
          <h2 id={`${dateId}-order`} className="text-base font-semibold">
            Sample order
          </h2>
          {view.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">No lines yet.</p>
          ) : (
            <ul aria-label="Sample order lines" className="divide-y rounded-md border">
              {view.lines.map((line) => (
                <li key={line.productId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                  <span className="text-sm">
                    <span className="font-mono text-muted-foreground">{line.productId}</span> {line.name} × <span className="nums">{line.quantity}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    {line.waiting && <Badge variant="warning">Waiting to send</Badge>}
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`One more ${line.name}`}
                      onClick={() => void run((o) => o.enqueue(user.id, { kind: 'set', productId: line.productId, productName: line.name, quantity: line.quantity + 1 }))}
                    >
                      +1
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => void run((o) => o.enqueue(user.id, { kind: 'remove', productId: line.productId, productName: line.name }))}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-end gap-3">
            {dates.data ? (
              <FieldDatePicker dates={dates.data} value={requestedDate} onChange={setDate} />
            ) : (
              <p className="text-sm text-muted-foreground">The requested dates are not on this device yet: open this page once with a signal.</p>
            )}
            <Button
              disabled={view.lines.length === 0 || !requestedDate}
              onClick={() => void run((o) => o.enqueue(user.id, { kind: 'place', requestedDate }))}
            >
              Place sample order
            </Button>
          </div>
          {view.placing.map((op) => (
            <p key={op.seq} role="status" className="text-sm">
              <Badge variant="warning">Waiting to send</Badge> Sample order placed on this device{op.requestedDate ? ` for ${op.requestedDate}` : ''}.
              {op.message ? ` ${op.message}` : ''}
            </p>
          ))}
          {status.waiting > 0 && (
            <p className="text-sm text-muted-foreground">{status.waiting === 1 ? '1 change waiting to send' : `${status.waiting} changes waiting to send`}</p>
          )}
        </section>

        {review.length > 0 && (
          <section aria-labelledby={`${dateId}-review`} className="flex flex-col gap-3">
            <h2 id={`${dateId}-review`} className="text-base font-semibold text-destructive">
              To review
            </h2>
            <ul aria-label="Changes to review" className="divide-y rounded-md border border-destructive/30">
              {review.map((op) => (
                <li key={op.seq} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                  <span className="text-sm">
                    {describe(op)}: <span className="text-destructive">{op.message}</span>
                  </span>
                  <span className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void run((o) => o.retry(user.id, op.seq!, op.kind === 'place' ? { requestedDate } : {}))}
                    >
                      Send again
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => void run((o) => o.dismiss(user.id, op.seq!))}>
                      Dismiss
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {sent.length > 0 && (
          <section aria-label="Sent sample orders" className="text-sm text-muted-foreground">
            {sent.map((o) => (
              <p key={o.id}>
                {o.name} sent {stockTime(o.at)}.
              </p>
            ))}
          </section>
        )}
      </div>
    </Page>
  );
}
