import { BriefcaseBusiness, UserMinus, UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { displayName } from '@common/domain/display-name';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useAssignRep, useCompanyReps, useSalespersonSearch, useUnassignRep } from '../api/companies';

/**
 * The salespeople who may order for this company (docs/decisions/0235). Removing one ends their
 * ordering for it on their next request, on every server.
 */
export function RepsCard({ companyId, companyName }: { companyId: number; companyName: string }) {
  const reps = useCompanyReps(companyId);
  const unassign = useUnassignRep(companyId);
  const [adding, setAdding] = useState(false);
  const list = reps.data?.reps ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Sales reps</CardTitle>
          <CardDescription>Assigned salespeople can order for {companyName} as its buyer, at its prices; both names go on every order.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden />
          Assign Rep
        </Button>
      </CardHeader>
      <CardContent>
        {reps.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading reps...
          </p>
        ) : list.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <BriefcaseBusiness className="size-4" aria-hidden /> No rep is assigned yet. Assign one so they can order for this dealer.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-card border border-border" aria-label="Sales reps">
            {list.map((rep) => (
              <li key={rep.userId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0">
                  <span className="block font-medium break-words">{rep.name}</span>
                  <span className="block text-xs break-words text-muted-foreground">
                    {rep.username} · assigned {new Date(rep.assignedAt).toLocaleDateString()}
                    {rep.assignedByName ? ` by ${rep.assignedByName}` : ''}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  loading={unassign.isPending && unassign.variables === rep.userId}
                  aria-label={`Remove ${rep.username} from ${companyName}`}
                  onClick={() =>
                    unassign.mutate(rep.userId, {
                      onSuccess: () => toast({ title: 'Rep removed', description: `${rep.name} can no longer order for ${companyName}.`, variant: 'success' }),
                      onError: (error) => toast({ title: 'Failed to remove the rep', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                    })
                  }
                >
                  <UserMinus aria-hidden />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <FormDialog open={adding} onOpenChange={setAdding} title="Assign Rep" description={`The salesperson can then order for ${companyName}.`} className="max-w-xl">
        <AssignRep companyId={companyId} assigned={new Set(list.map((r) => r.userId))} onDone={() => setAdding(false)} />
      </FormDialog>
    </Card>
  );
}

function AssignRep({ companyId, assigned, onDone }: { companyId: number; assigned: ReadonlySet<number>; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const found = useSalespersonSearch(deferred);
  const assign = useAssignRep(companyId);
  const candidates = found.data?.users.filter((u) => !assigned.has(u.id)) ?? [];
  return (
    <div className="grid gap-4">
      <FormField label="Find a salesperson" hint="Username or name; 2 letters or more.">
        {(control) => <SearchInput {...control} autoFocus autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />}
      </FormField>
      {found.isFetching && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Searching...
        </p>
      )}
      {deferred.trim().length >= 2 && found.data && candidates.length === 0 && <p className="text-sm text-muted-foreground">No other salesperson matches.</p>}
      <ul className="grid gap-2" aria-label="Salespeople found">
        {candidates.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
            <span className="min-w-0">
              <span className="block font-medium break-words">{displayName(user)}</span>
              <span className="block text-xs break-words text-muted-foreground">{user.username}</span>
            </span>
            <Button
              size="sm"
              loading={assign.isPending && assign.variables === user.id}
              onClick={() =>
                assign.mutate(user.id, {
                  onSuccess: () => {
                    toast({ title: 'Rep assigned', description: `${displayName(user)} can now order for this dealer.`, variant: 'success' });
                    onDone();
                  },
                  onError: (error) => toast({ title: 'Failed to assign the rep', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                })
              }
            >
              Assign {user.username}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
