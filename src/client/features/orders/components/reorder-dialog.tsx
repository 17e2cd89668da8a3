import { useId, useState } from 'react';
import type { CartView } from '@common/contracts/carts';
import type { ReorderBody } from '@common/contracts/orders';
import { firstFreeName, reorderPoName, type ReorderTarget } from '@common/domain/reorder';
import { useCarts } from '@client/api/get-carts';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { isOneOf } from '@common/domain/one-of';

const CHOICES = ['new', 'active', 'cart'] as const satisfies readonly ReorderTarget[];

/**
 * Reorder asks where (docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md): a new
 * PO named after the order (the default, its name shown), the active PO, or another PO from a
 * select. Loaded on the first press of Reorder (Radix Dialog, as Create New PO, ADR 0199).
 */
export function ReorderDialog({
  open,
  onOpenChange,
  orderId,
  poName,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderId: number;
  poName: string | null;
  pending: boolean;
  onConfirm: (where: ReorderBody) => void;
}) {
  const id = useId();
  const carts = useCarts();
  const [choice, setChoice] = useState<ReorderTarget>('new');
  const [otherId, setOtherId] = useState<number | null>(null);
  const all = carts.data ?? [];
  const active: CartView | undefined = all.find((c) => c.isActive);
  const others = all.filter((c) => !c.isActive);
  const newName = firstFreeName(reorderPoName(orderId, poName), all.map((c) => c.name));
  const chosenOther = otherId ?? others[0]?.id ?? null;
  const options: Record<(typeof CHOICES)[number], { label: string; detail: string; disabled?: boolean }> = {
    new: { label: 'A new PO', detail: `"${newName}"` },
    active: { label: 'The active PO', detail: active ? `"${active.name}"` : 'Loading…', disabled: !active },
    cart: { label: 'Another PO', detail: others.length > 0 ? 'Choose it below' : 'You have no other PO', disabled: others.length === 0 },
  };

  const confirm = () => {
    if (choice === 'cart') {
      if (chosenOther !== null) onConfirm({ target: 'cart', cartId: chosenOther });
      return;
    }
    onConfirm({ target: choice });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reorder into which PO?</DialogTitle>
          <DialogDescription>The lines still available go into the PO you choose, which becomes your active PO.</DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <fieldset className="grid min-w-0 gap-2">
            <legend className="sr-only">Where the lines go</legend>
            <RadioGroup value={choice} onValueChange={(v) => isOneOf(CHOICES, v) && setChoice(v)} aria-label="Where the lines go">
              {CHOICES.map((value) => (
                <Label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className="flex min-h-11 min-w-0 cursor-pointer items-center gap-3 rounded-md border border-input px-4 py-2 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                >
                  <RadioGroupItem id={`${id}-${value}`} value={value} disabled={options[value].disabled} />
                  <span className="grid min-w-0">
                    <span>{options[value].label}</span>
                    <span className="text-xs font-normal break-words text-muted-foreground">{options[value].detail}</span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          </fieldset>
          {choice === 'cart' && others.length > 0 && (
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={`${id}-other`}>PO</Label>
              <NativeSelect id={`${id}-other`} value={chosenOther ?? ''} onChange={(event) => setOtherId(Number(event.target.value))}>
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Reorder
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
