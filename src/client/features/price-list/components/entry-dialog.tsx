import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PriceListEntryView } from '@common/contracts/price-lists';
import { formatPrice } from '@common/domain/money';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { usePutEntry } from '../api/price-lists';

interface BreakRow {
  key: number;
  minQuantity: string;
  price: string;
}

let nextKey = 1;
const rowOf = (minQuantity: string, price: string): BreakRow => ({ key: nextKey++, minQuantity, price });

/**
 * One SKU's prices in a list: its plain price (from 1) and quantity breaks ("from 100 boxes").
 * Save sends them all; the server writes only the rows that differ (docs/decisions/0231).
 */
export function EntryDialog({ listId, entry, open, onOpenChange }: { listId: number; entry: PriceListEntryView | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={entry ? `Prices of SKU ${entry.sku}` : 'Add a SKU'}
      description={entry ? `${entry.name ?? 'Not in the catalogue'} · base price ${formatPrice(entry.basePrice)}` : 'Its plain price is the break from 1; add a break for each quantity that pays less.'}
    >
      <EntryForm listId={listId} entry={entry} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EntryForm({ listId, entry, onDone }: { listId: number; entry: PriceListEntryView | null; onDone: () => void }) {
  const put = usePutEntry(listId);
  const id = useId();
  const [sku, setSku] = useState(entry ? String(entry.sku) : '');
  const [rows, setRows] = useState<BreakRow[]>(entry ? entry.breaks.map((b) => rowOf(String(b.minQuantity), b.price)) : [rowOf('1', '')]);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (key: number, field: 'minQuantity' | 'price', value: string) => setRows(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const skuNumber = Number(sku);
    if (!Number.isInteger(skuNumber) || skuNumber < 1) {
      setProblem('Give the SKU as a whole number, like 1001');
      return;
    }
    setProblem(null);
    try {
      const saved = await put.mutateAsync({
        sku: skuNumber,
        body: { breaks: rows.map((r) => ({ minQuantity: Number(r.minQuantity || '1'), price: r.price })) },
      });
      toast({ title: 'Prices saved', description: `SKU ${saved.sku}: ${saved.breaks.map((b) => `${b.minQuantity}+ ${formatPrice(b.price)}`).join(', ')}`, variant: 'success' });
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The prices were not saved'));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {!entry && (
        <FormField label="SKU">
          {(control) => <Input {...control} inputMode="numeric" autoComplete="off" autoFocus value={sku} onChange={(e) => setSku(e.target.value)} />}
        </FormField>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Prices by quantity</legend>
        {rows.map((row, index) => (
          <div key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-min-${row.key}`}>From quantity</Label>
              <Input id={`${id}-min-${row.key}`} inputMode="numeric" value={row.minQuantity} onChange={(e) => update(row.key, 'minQuantity', e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-price-${row.key}`}>Price ($)</Label>
              <Input id={`${id}-price-${row.key}`} inputMode="decimal" value={row.price} autoFocus={Boolean(entry) && index === 0} onChange={(e) => update(row.key, 'price', e.target.value)} />
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove the break from ${row.minQuantity || 'this quantity'}`} disabled={rows.length === 1} onClick={() => setRows(rows.filter((r) => r.key !== row.key))}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setRows([...rows, rowOf('', '')])}>
          <Plus aria-hidden />
          Add a break
        </Button>
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <FormDialogFooter submitLabel="Save" pendingLabel="Saving..." pending={put.isPending} />
    </form>
  );
}
