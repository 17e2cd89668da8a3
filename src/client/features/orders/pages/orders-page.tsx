import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { ordersQuery, type OrdersQuery, type OrderSummary } from '@common/contracts/orders';
import { formatDateTime } from '@common/domain/format-date';
import { formatPrice } from '@common/domain/money';
import { ORDER_KIND_LABELS, orderNumber } from '@common/domain/order-status';
import { cartWording, productsText } from '@common/domain/cart-rules';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { PageTitle } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { ordersPath, useOrders } from '@client/api/get-orders';
import { ExportOrdersDialog } from '../components/export-orders-dialog';
import { ExportOwnOrders } from '../components/export-own-orders';
import { OrderFilters } from '../components/order-filters';
import { OrderEmailStatus } from '../components/order-email-status';
import { OrderStatusBadge } from '../components/order-status-badge';
import { placerText } from '@common/domain/reps';

/** The screen's filters from its URL; the polling parameters (cursor, updatedSince) are for integrations and dropped. */
function readQuery(search: string): OrdersQuery {
  const parsed = ordersQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
  if (!parsed.success) return { page: 1 };
  const { cursor: _cursor, updatedSince: _updatedSince, ...filters } = parsed.data;
  return filters;
}

const searching = (q: OrdersQuery) => Boolean(q.q || q.sku || q.from || q.to || q.status || q.kind || q.username);

/** "Purchase Order · Job 4471"; a sample order has no PO name, only its type (docs/guide.md "Words we use"). */
function kindAndName(order: OrderSummary): string {
  const kind = ORDER_KIND_LABELS[order.kind];
  return order.kind === 'purchase' && order.cartName ? `${kind} · ${order.cartName}` : kind;
}

function total(order: OrderSummary): string {
  if (order.kind === 'sample') return '—';
  return `${formatPrice(order.total)}${order.hasCallPrices ? ' + CALL' : ''}`;
}

/**
 * /orders (beyond the spec, docs/product-decisions.md): order history with status for every
 * role; admins see everyone's orders and filter them. Filters and the page live
 * in the URL, so Back and refresh keep them (docs/ui-rules.md, Navigation).
 */
export function OrdersPage({ user }: { user: CurrentUser }) {
  const isAdmin = user.activeRole === 'admin';
  // A dealer company's buyers all see its orders, so each says who placed it (docs/decisions/0233).
  const showPlacer = isAdmin || user.role === 'salesperson' || (user.activeRole === 'bold_customer' && user.companyId !== null);
  const isApprover = user.activeRole === 'bold_customer' && user.companyRole === 'admin';
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = readQuery(search);
  const orders = useOrders(query);
  const setQuery = (next: OrdersQuery) => navigate(ordersPath(next).replace('/api/orders', '/orders'));
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;
  const page = query.page ?? 1;

  return (
    <div className="min-h-dvh">
      <PageTitle
        title={isAdmin ? 'All Orders' : 'Order History'}
        actions={
          isAdmin ? (
            <ExportOrdersDialog query={query} />
          ) : (
            <span className="flex flex-wrap gap-2">
              {isApprover && (
                <Button asChild variant="outline">
                  <Link href="/approvals">Approvals</Link>
                </Button>
              )}
              <ExportOwnOrders query={query} />
            </span>
          )
        }
      />
      <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">
        <OrderFilters key={search} query={query} isAdmin={isAdmin} onChange={setQuery} />
        {orders.isPending ? (
          <LoadingState>Loading orders...</LoadingState>
        ) : orders.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load orders</AlertTitle>
            <AlertDescription className="grid gap-2">
              {errorMessage(orders.error, 'Please try again.')}
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void orders.refetch()} loading={orders.isFetching}>
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : orders.data.orders.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden />
            {searching(query) ? (
              <>
                <p className="text-lg font-semibold">No orders match this search</p>
                <p className="text-sm text-muted-foreground">Try fewer words, another SKU or a wider date range.</p>
              </>
            ) : (
              <>
                <p className="text-lg font-semibold">No orders yet</p>
                <p className="text-sm text-muted-foreground">Orders you place appear here with their status.</p>
              </>
            )}
            <Button asChild variant="outline">
              <Link href="/cart">{`Open your ${cartWording(user.activeRole).orderNoun}`}</Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid gap-3 md:hidden" aria-label="Orders">
              {orders.data.orders.map((order) => (
                <li key={order.id}>
                  <Link
                    href={`/orders/${order.id}`}
                    className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-semibold">Order {orderNumber(order.id)}</span>
                      <OrderStatusBadge status={order.status} />
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {kindAndName(order)}
                      {order.poReference ? ` · Ref ${order.poReference}` : ''}
                      {showPlacer || order.placedByRep ? ` · Placed by ${placerText(order)}` : ''}
                    </span>
                    {order.notes && <span className="line-clamp-2 text-sm text-muted-foreground">Note: {order.notes}</span>}
                    {order.emailStatus !== undefined && (
                      <span className="text-sm">
                        <OrderEmailStatus status={order.emailStatus} asLink={false} />
                      </span>
                    )}
                    <span className="nums flex flex-wrap justify-between gap-x-3 text-sm">
                      <span className="whitespace-nowrap">{formatDateTime(order.createdAt)}</span>
                      <span className="whitespace-nowrap">
                        {productsText(order.lineCount)} · {total(order)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="hidden shadow-xs md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Order</TableHead>
                    <TableHead>Placed</TableHead>
                    {showPlacer && <TableHead>Placed by</TableHead>}
                    <TableHead>Type</TableHead>
                    <TableHead>PO Name</TableHead>
                    <TableHead className="text-right">Products</TableHead>
                    <TableHead className="text-right">Total</TableHead>
                    <TableHead>Status</TableHead>
                    {isAdmin && <TableHead>Email</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {orders.data.orders.map((order) => (
                    <TableRow key={order.id}>
                      <TableCell>
                        <Link href={`/orders/${order.id}`} className="font-semibold text-accent underline-offset-4 hover:underline">
                          Order {orderNumber(order.id)}
                        </Link>
                      </TableCell>
                      <TableCell className="nums whitespace-nowrap">{formatDateTime(order.createdAt)}</TableCell>
                      {showPlacer && <TableCell>{placerText(order)}</TableCell>}
                      <TableCell>{ORDER_KIND_LABELS[order.kind]}</TableCell>
                      <TableCell className="max-w-56">
                        <span className="block truncate">{order.kind === 'purchase' ? order.cartName : ''}</span>
                        {order.poReference && <span className="block truncate text-xs text-muted-foreground">Ref {order.poReference}</span>}
                        {order.notes && (
                          <span className="block truncate text-xs text-muted-foreground" title={order.notes}>
                            Note: {order.notes}
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="nums text-right">{order.lineCount}</TableCell>
                      <TableCell className="nums text-right whitespace-nowrap">{total(order)}</TableCell>
                      <TableCell>
                        <OrderStatusBadge status={order.status} />
                      </TableCell>
                      {isAdmin && <TableCell>{order.emailStatus !== undefined && <OrderEmailStatus status={order.emailStatus} />}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {pages > 1 && (
              <nav aria-label="Pages" className="flex items-center justify-between gap-3 print:hidden">
                <Button variant="outline" disabled={page <= 1} onClick={() => setQuery({ ...query, page: page - 1 })}>
                  <ChevronLeft aria-hidden /> Previous
                </Button>
                <span className="nums text-sm text-muted-foreground">
                  Page {page} of {pages} · {orders.data.total} orders
                </span>
                <Button variant="outline" disabled={page >= pages} onClick={() => setQuery({ ...query, page: page + 1 })}>
                  Next <ChevronRight aria-hidden />
                </Button>
              </nav>
            )}
          </>
        )}
      </main>
    </div>
  );
}
