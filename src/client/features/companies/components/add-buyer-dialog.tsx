import { useDeferredValue, useState } from 'react';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@common/domain/companies';
import { displayName } from '@common/domain/display-name';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useAddBuyer, useDealerSearch } from '../api/companies';

/** Add Existing Dealer: find a BOLD Customer by name and add them; one in another company moves here. */
export function AddBuyerDialog({ open, onOpenChange, companyId, companyName }: { open: boolean; onOpenChange: (open: boolean) => void; companyId: number; companyName: string }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Existing Dealer"
      description={`A dealer in another company moves to ${companyName}; that company keeps its orders.`}
      className="max-w-xl"
    >
      <AddBuyer companyId={companyId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function AddBuyer({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const deferred = useDeferredValue(search);
  const found = useDealerSearch(deferred);
  const add = useAddBuyer(companyId);
  const members = found.data?.users.filter((u) => u.companyId !== companyId) ?? [];

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Find a dealer" hint="Username, name, email or company; 2 letters or more.">
          {(control) => <SearchInput {...control} autoFocus autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />}
        </FormField>
        <FormField label="Role in the company">
          {(control) => (
            <NativeSelect {...control} value={role} onChange={(e) => setRole(e.target.value as CompanyRole)}>
              {COMPANY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {COMPANY_ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {found.isFetching && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Searching...
        </p>
      )}
      {deferred.trim().length >= 2 && found.data && members.length === 0 && <p className="text-sm text-muted-foreground">No other dealer matches.</p>}
      <ul className="grid gap-2" aria-label="Dealers found">
        {members.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
            <span className="min-w-0">
              <span className="block font-medium break-words">{displayName(user)}</span>
              <span className="block text-xs break-words text-muted-foreground">
                {user.username}
                {user.company ? ` · ${user.company}` : ''}
              </span>
            </span>
            <Button
              size="sm"
              loading={add.isPending && add.variables?.userId === user.id}
              onClick={() =>
                add.mutate(
                  { userId: user.id, companyRole: role },
                  {
                    onSuccess: (buyer) => {
                      toast({ title: 'Buyer added', description: `${buyer.username} is now ${COMPANY_ROLE_LABELS[buyer.companyRole]}.`, variant: 'success' });
                      onDone();
                    },
                    onError: (error) => toast({ title: 'Failed to add the dealer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                  },
                )
              }
            >
              Add {user.username}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
