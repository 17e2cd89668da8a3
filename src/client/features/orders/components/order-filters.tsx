import { useState } from 'react';
import type { OrdersQuery } from '@common/contracts/orders';
import { FIRST_QUERY_DAY, isQueryDay, LAST_QUERY_DAY, QUERY_MESSAGES, queryDayMessage } from '@common/contracts/query-params';
import { ORDER_KIND_LABELS, ORDER_KINDS } from '@common/domain/order-status';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { OrderStatusOptions } from './order-status-options';

/**
 * Status and the history search (ADR 0192: PO name or reference, SKU, placed between two days)
 * for everyone; type and "placed by" for admins, who see every order (docs/product-decisions.md).
 */
export function OrderFilters({
  query,
  isAdmin,
  onChange,
}: {
  query: OrdersQuery;
  isAdmin: boolean;
  onChange: (next: OrdersQuery) => void;
}) {
  const [username, setUsername] = useState(query.username ?? '');
  const [text, setText] = useState(query.q ?? '');
  const [sku, setSku] = useState(query.sku === undefined ? '' : String(query.sku));
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const skuNumber = sku.trim() === '' ? undefined : Number(sku.trim());
  const skuInvalid = skuNumber !== undefined && (!Number.isInteger(skuNumber) || skuNumber <= 0);
  // The server's own rule (ADR 0205), so the list is never asked for a day it refuses.
  const dayProblem = (from !== '' && !isQueryDay(from) ? queryDayMessage('From') : undefined) ?? (to !== '' && !isQueryDay(to) ? queryDayMessage('To') : undefined);
  const rangeInvalid = dayProblem === undefined && from !== '' && to !== '' && from > to;
  const dateError = dayProblem ?? (rangeInvalid ? QUERY_MESSAGES.badRange : undefined);
  return (
    <form
      role="search"
      aria-label="Search orders"
      className="grid gap-3 print:hidden sm:flex sm:flex-wrap sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (skuInvalid || dateError) return;
        onChange({
          ...query,
          q: text.trim() || undefined,
          sku: skuNumber,
          from: from || undefined,
          to: to || undefined,
          username: isAdmin ? username.trim() || undefined : undefined,
          page: 1,
        });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="order-text-filter">PO name or reference</Label>
        <Input id="order-text-filter" className="sm:w-52" placeholder="e.g. Smith kitchen" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="order-sku-filter">SKU</Label>
        <Input
          id="order-sku-filter"
          className="sm:w-28"
          inputMode="numeric"
          value={sku}
          aria-invalid={skuInvalid || undefined}
          aria-describedby={skuInvalid ? 'order-sku-error' : undefined}
          onChange={(e) => setSku(e.target.value)}
        />
        {skuInvalid && (
          <span id="order-sku-error" className="text-xs text-destructive">
            SKU must be a whole number
          </span>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <div className="grid gap-1.5">
          <Label htmlFor="order-from-filter">Placed from</Label>
          <Input
            id="order-from-filter"
            type="date"
            min={FIRST_QUERY_DAY}
            max={LAST_QUERY_DAY}
            className="sm:w-40"
            value={from}
            aria-invalid={(from !== '' && !isQueryDay(from)) || undefined}
            aria-describedby={dateError ? 'order-range-error' : undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="order-to-filter">Placed to</Label>
          <Input
            id="order-to-filter"
            type="date"
            min={FIRST_QUERY_DAY}
            max={LAST_QUERY_DAY}
            className="sm:w-40"
            value={to}
            aria-invalid={rangeInvalid || (to !== '' && !isQueryDay(to)) || undefined}
            aria-describedby={dateError ? 'order-range-error' : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        {dateError && (
          <span id="order-range-error" className="col-span-2 text-xs text-destructive">
            {dateError}
          </span>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="order-status-filter">Status</Label>
        <NativeSelect
          id="order-status-filter"
          className="sm:w-44"
          value={query.status ?? ''}
          onChange={(e) => onChange({ ...query, status: (e.target.value || undefined) as OrdersQuery['status'], page: 1 })}
        >
          <option value="">All statuses</option>
          <OrderStatusOptions />
        </NativeSelect>
      </div>
      {isAdmin && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="order-kind-filter">Type</Label>
            <NativeSelect
              id="order-kind-filter"
              className="sm:w-44"
              value={query.kind ?? ''}
              onChange={(e) => onChange({ ...query, kind: (e.target.value || undefined) as OrdersQuery['kind'], page: 1 })}
            >
              <option value="">All types</option>
              {ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ORDER_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="order-user-filter">Placed by</Label>
            <Input id="order-user-filter" className="sm:w-44" placeholder="Username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </div>
        </>
      )}
      <Button type="submit" variant="outline" className="sm:self-end">
        Search
      </Button>
    </form>
  );
}
