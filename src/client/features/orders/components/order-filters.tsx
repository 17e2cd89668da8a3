import { useState } from 'react';
import type { OrdersQuery } from '@common/contracts/orders';
import { ORDER_KIND_LABELS, ORDER_KINDS } from '@common/domain/order-status';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { OrderStatusOptions } from './order-status-options';

/** Status for everyone; type and "placed by" for admins, who see every order (docs/product-decisions.md). */
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
  return (
    <form
      className="flex flex-wrap items-end gap-3 print:hidden"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...query, username: username.trim() || undefined, page: 1 });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="order-status-filter">Status</Label>
        <NativeSelect
          id="order-status-filter"
          className="w-44"
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
              className="w-44"
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
            <div className="flex gap-2">
              <Input
                id="order-user-filter"
                className="w-44"
                placeholder="Username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
              <Button type="submit" variant="outline">
                Search
              </Button>
            </div>
          </div>
        </>
      )}
    </form>
  );
}
