import { FilePlus2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { useAssignedCompanies, useDealerPoFromSamples } from '../api/dealer-po-from-samples';

/**
 * On a rep's own sample order: "Start a PO for" one of their dealers, with the same tiles
 * (docs/decisions/0235). Shown only when the rep has assigned companies.
 */
export function DealerPoFromSamples({ orderId }: { orderId: number }) {
  const companies = useAssignedCompanies(true);
  const start = useDealerPoFromSamples();
  const [, navigate] = useLocation();
  const [companyId, setCompanyId] = useState('');
  const selectId = useId();
  const list = companies.data?.companies ?? [];
  if (list.length === 0) return null;
  const chosen = companyId || String(list[0]!.id);

  const submit = () =>
    start.mutate(
      { orderId, companyId: Number(chosen) },
      {
        onSuccess: ({ user, result }) => {
          toast({
            title: `PO started for ${user.actingFor?.companyName ?? 'the dealer'}`,
            description: `${result.added.length} ${result.added.length === 1 ? 'tile' : 'tiles'} in "${result.cartName}", one box each: fill in the quantities.`,
            variant: result.added.length > 0 ? 'success' : 'warning',
          });
          navigate('/cart');
        },
        onError: (error) => toast({ title: 'PO not started', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Start a PO for
        </label>
        <NativeSelect id={selectId} value={chosen} onChange={(event) => setCompanyId(event.target.value)} className="min-w-56">
          {list.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
              {company.accountNumber ? ` (${company.accountNumber})` : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" loading={start.isPending} onClick={submit}>
        <FilePlus2 aria-hidden /> Start PO with these tiles
      </Button>
    </div>
  );
}
