import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { orderExportQuery, type OrdersQuery } from '@common/contracts/orders';
import { FIRST_QUERY_DAY, isQueryDay, LAST_QUERY_DAY, queryDayMessage } from '@common/contracts/query-params';
import { ORDER_KIND_LABELS, ORDER_KINDS } from '@common/domain/order-status';
import { FormDialog } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { OrderStatusOptions } from './order-status-options';

/** A date input's day as the start or end of that day where the admin is. */
const dayEdge = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

/** Admins export order lines as CSV or xlsx, starting from the screen's filters (docs/decisions/0162). */
export function ExportOrdersDialog({ query }: { query: OrdersQuery }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Download aria-hidden />
        Export
      </Button>
      <FormDialog open={open} onOpenChange={setOpen} title="Export Orders" description="One row per order line, with the order's details on each row." className="max-w-lg">
        <ExportForm query={query} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

function ExportForm({ query, onDone }: { query: OrdersQuery; onDone: () => void }) {
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<string>(query.status ?? '');
  const [kind, setKind] = useState<string>(query.kind ?? '');
  const [username, setUsername] = useState(query.username ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Days the server reads (ADR 0205) before they become instants: the message names what was typed.
    const dayProblem = from && !isQueryDay(from) ? queryDayMessage('Placed from') : to && !isQueryDay(to) ? queryDayMessage('Placed to') : null;
    if (dayProblem) {
      setError(dayProblem);
      return;
    }
    const values = { format, from: dayEdge(from, false), to: dayEdge(to, true), status, kind, username: username.trim() };
    const parsed = orderExportQuery.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the filters');
      return;
    }
    const params = new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
    // A plain link: the browser streams the file to disk with the session cookie.
    const link = document.createElement('a');
    link.href = `/api/admin/orders/export?${params}`;
    link.download = '';
    link.click();
    onDone();
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Placed from">{(control) => <Input {...control} type="date" min={FIRST_QUERY_DAY} max={LAST_QUERY_DAY} value={from} onChange={(e) => setFrom(e.target.value)} />}</FormField>
        <FormField label="Placed to" error={error ?? undefined}>
          {(control) => <Input {...control} type="date" min={FIRST_QUERY_DAY} max={LAST_QUERY_DAY} value={to} onChange={(e) => setTo(e.target.value)} />}
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Status">
          {(control) => (
            <NativeSelect {...control} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              <OrderStatusOptions />
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Type">
          {(control) => (
            <NativeSelect {...control} value={kind} onChange={(e) => setKind(e.target.value)}>
              <option value="">All types</option>
              {ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ORDER_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {/* The same name as the orders list's filter (docs/decisions/0213). */}
      <FormField label="Placed by">
        {(control) => <Input {...control} placeholder="Username" value={username} maxLength={100} onChange={(e) => setUsername(e.target.value)} />}
      </FormField>
      <FormField label="Format">
        {(control) => (
          <NativeSelect {...control} value={format} onChange={(e) => setFormat(e.target.value === 'csv' ? 'csv' : 'xlsx')}>
            <option value="xlsx">Excel workbook (.xlsx)</option>
            <option value="csv">CSV (.csv)</option>
          </NativeSelect>
        )}
      </FormField>
      <DialogFooter className="pt-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit">
          <Download aria-hidden />
          Download
        </Button>
      </DialogFooter>
    </form>
  );
}
