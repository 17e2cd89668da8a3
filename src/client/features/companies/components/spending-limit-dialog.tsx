import { useState, type FormEvent } from 'react';
import { COMPANY_MESSAGES, type BuyerView } from '@common/contracts/companies';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateBuyer, type CompanyScope } from '../api/companies';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** Set or clear a buyer's per-order spending limit. */
export function SpendingLimitDialog({ buyer, onClose, scope }: { buyer: BuyerView | null; onClose: () => void; scope: CompanyScope }) {
  return (
    <FormDialog
      open={buyer !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Spending Limit"
      description={`The most ${buyer?.username ?? ''} may order in one order. Leave blank for no limit.`}
    >
      {buyer && <LimitForm buyer={buyer} scope={scope} onDone={onClose} />}
    </FormDialog>
  );
}

function LimitForm({ buyer, scope, onDone }: { buyer: BuyerView; scope: CompanyScope; onDone: () => void }) {
  const [value, setValue] = useState(buyer.spendingLimit ?? '');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateBuyer(scope);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim().replace(/[$,]/g, '');
    if (text !== '' && !AMOUNT.test(text)) return setError(COMPANY_MESSAGES.badSpendingLimit);
    try {
      await update.mutateAsync({ userId: buyer.id, body: { spendingLimit: text === '' ? null : text } });
      toast({ title: 'Spending limit saved', description: buyer.username, variant: 'success' });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Please try again.'));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Limit per order (dollars)" error={error}>
        {(control) => <Input {...control} autoFocus inputMode="decimal" autoComplete="off" value={value} onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }} />}
      </FormField>
      <FormDialogFooter submitLabel="Save Limit" pendingLabel="Saving..." pending={update.isPending} />
    </form>
  );
}
