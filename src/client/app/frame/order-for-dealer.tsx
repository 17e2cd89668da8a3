import { Building2, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { mayActForDealers } from '@common/domain/reps';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useActingCompanies, useStartActing, useStopActing } from '@client/features/auth/api/acting';

/*
 * "Order for a dealer" (docs/decisions/0235, docs/guide.md "Ordering for a dealer"): a rep picks an
 * assigned company and works on the dealer's own screens as its buyer; a banner says so on every
 * page with one tap to stop.
 */

/** The header's way in: salespeople and admins, while not already ordering for someone. */
export function OrderForDealerButton({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  if (!mayActForDealers(user.role) || user.actingFor || user.actingLost) return null;
  return (
    <>
      <Button variant="outline" className="h-11 gap-1.5 px-2.5 md:h-10" title="Order for a dealer" onClick={() => setOpen(true)}>
        <Building2 aria-hidden />
        {/* An admin's header also holds the admin menu: below 1536 px the words would squeeze the page title. */}
        <span className={user.role === 'admin' ? 'max-2xl:sr-only' : 'max-sm:sr-only'}>Order for a dealer</span>
        {/* An admin's phone header also holds the admin menu: the icon alone keeps the cart's count in view. */}
        {user.role !== 'admin' && (
          <span className="sm:hidden" aria-hidden>
            Dealer
          </span>
        )}
      </Button>
      <FormDialog open={open} onOpenChange={setOpen} title="Order for a dealer" description="Work as the dealer's buyer: its prices, POs, saved locations and quick order pad. Both your names go on every order." className="max-w-lg">
        <CompanyPicker admin={user.role === 'admin'} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

function CompanyPicker({ admin, onDone }: { admin: boolean; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const companies = useActingCompanies(deferred);
  const start = useStartActing();
  const [, navigate] = useLocation();
  const list = companies.data?.companies ?? [];
  return (
    <div className="grid gap-3">
      <FormField label="Find a company" hint={admin ? 'Name or account number; admins may order for any company.' : 'Your assigned companies, by name or account number.'}>
        {(control) => <SearchInput {...control} autoFocus autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />}
      </FormField>
      {companies.isPending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading companies...
        </p>
      )}
      {companies.isError && <p className="text-sm text-destructive">{errorMessage(companies.error, 'Could not load your companies.')}</p>}
      {companies.data && list.length === 0 && (
        <p className="text-sm text-muted-foreground">{deferred ? 'No company matches.' : 'No company is assigned to you yet. Ask an admin to assign you to your dealers.'}</p>
      )}
      <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto" aria-label="Companies you may order for">
        {list.map((company) => (
          <li key={company.id}>
            <Button
              variant="outline"
              className="h-auto min-h-11 w-full justify-between gap-2 py-2 text-left whitespace-normal"
              loading={start.isPending && start.variables?.companyId === company.id}
              disabled={company.status === 'closed'}
              onClick={() =>
                start.mutate(
                  { companyId: company.id },
                  {
                    onSuccess: () => {
                      onDone();
                      // The dealer's screens start at the catalogue, where their prices show.
                      navigate('/dashboard');
                    },
                    onError: (error) => toast({ title: 'Could not order for this dealer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                  },
                )
              }
            >
              <span className="min-w-0">
                <span className="block font-medium break-words">{company.name}</span>
                <span className="block text-xs font-normal text-muted-foreground">
                  {company.accountNumber ?? 'No account number'}
                  {company.status !== 'active' ? ` · ${company.status === 'on_hold' ? 'On hold' : 'Closed'}` : ''}
                </span>
              </span>
              <span className="shrink-0 text-sm">Order</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The banner that cannot be missed while ordering for a dealer, on every page, with one tap to stop. */
export function ActingBanner({ user }: { user: CurrentUser }) {
  const stop = useStopActing();
  const [, navigate] = useLocation();
  if (!user.actingFor && !user.actingLost) return null;
  const stopNow = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Back to your own account', description: 'You are no longer ordering for a dealer.' });
        navigate('/dashboard');
      },
      onError: (error) => toast({ title: 'Could not stop', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <div role="status" className="border-b border-amber-700 bg-amber-300 text-stone-950 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-2 py-1.5 sm:px-4">
        <p className="min-w-0 flex-1 text-sm font-semibold break-words sm:text-base">
          {user.actingFor ? (
            <>
              Ordering for <span className="underline decoration-2 underline-offset-2">{user.actingFor.companyName}</span> as {displayName(user)}
            </>
          ) : (
            'You are no longer assigned to the dealer you were ordering for.'
          )}
        </p>
        <Button size="sm" variant="outline" className="h-11 border-stone-950 bg-white text-stone-950 hover:bg-stone-100 md:h-9" loading={stop.isPending} onClick={stopNow}>
          <X aria-hidden />
          Stop ordering for them
        </Button>
      </div>
    </div>
  );
}
