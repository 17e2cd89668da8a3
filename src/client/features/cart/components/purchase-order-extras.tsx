import { useId } from 'react';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';

export interface PurchaseOrderExtras {
  poReference: string;
  notes: string;
}

/**
 * Issue 12: a dealer may give their own PO reference and a note when placing an order;
 * both are optional and show in order history, the order detail and the email.
 */
export function PurchaseOrderExtrasFields({ value, onChange }: { value: PurchaseOrderExtras; onChange: (next: PurchaseOrderExtras) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 print:hidden">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-ref`}>Your PO reference (optional)</Label>
        <Input
          id={`${id}-ref`}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. JOB-4471"
          value={value.poReference}
          onChange={(e) => onChange({ ...value, poReference: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-notes`}>Note (optional)</Label>
        <Textarea
          id={`${id}-notes`}
          maxLength={2000}
          rows={2}
          placeholder="Delivery instructions, contact on site…"
          value={value.notes}
          onChange={(e) => onChange({ ...value, notes: e.target.value })}
        />
      </div>
    </div>
  );
}
