import { Building2, Trash2, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AssignmentView } from '@common/contracts/price-lists';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useAssign, useCompanyChoices, useUnassign } from '../api/price-lists';

/**
 * Who a list applies to (docs/decisions/0229, 0231): companies, chosen by name or account number,
 * and price groups by their code, each with a priority (higher is tried first).
 */
export function Assignments({ listId, assignments }: { listId: number; assignments: readonly AssignmentView[] }) {
  const unassign = useUnassign(listId);
  return (
    <section className="grid gap-3" aria-labelledby="assignments-title">
      <h2 id="assignments-title" className="text-lg font-semibold">
        Assigned to
      </h2>
      {assignments.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody yet: until the list is assigned to a company or a price group, no dealer pays its prices.</p>
      ) : (
        <ul className="grid gap-2">
          {assignments.map((a) => (
            <li key={a.id} className="flex items-center gap-3 rounded-md border border-border p-2 text-sm">
              {a.companyId ? <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden /> : <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
              <span className="min-w-0 flex-1 break-words">
                {a.companyId ? (
                  <>
                    {a.companyName}
                    {a.accountNumber ? <span className="text-muted-foreground"> · {a.accountNumber}</span> : null}
                  </>
                ) : (
                  <>Price group {a.priceGroup}</>
                )}
              </span>
              <span className="nums text-muted-foreground">Priority {a.priority}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove the assignment to ${a.companyName ?? `price group ${a.priceGroup}`}`}
                disabled={unassign.isPending}
                onClick={() =>
                  unassign.mutate(a.id, {
                    onError: (error) => toast({ title: 'Could not remove the assignment', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AssignForm listId={listId} />
    </section>
  );
}

function AssignForm({ listId }: { listId: number }) {
  const id = useId();
  const assign = useAssign(listId);
  const [target, setTarget] = useState<'company' | 'group'>('company');
  const [search, setSearch] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [group, setGroup] = useState('');
  const [priority, setPriority] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const choices = useCompanyChoices(search, target === 'company');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const body = target === 'company' ? { companyId: companyId ? Number(companyId) : null } : { priceGroup: group };
    try {
      await assign.mutateAsync({ ...body, priority: Number(priority || '0') });
      toast({ title: 'List assigned', variant: 'success' });
      setCompanyId('');
      setGroup('');
    } catch (error) {
      setProblem(errorMessage(error, 'The list was not assigned'));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 rounded-card border border-border p-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Assign to</legend>
        <RadioGroup value={target} onValueChange={(v) => setTarget(v === 'group' ? 'group' : 'company')} className="flex flex-wrap gap-4">
          <div className="flex items-center gap-2">
            <RadioGroupItem value="company" id={`${id}-company`} />
            <Label htmlFor={`${id}-company`}>A company</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="group" id={`${id}-group`} />
            <Label htmlFor={`${id}-group`}>A price group</Label>
          </div>
        </RadioGroup>
      </fieldset>
      {target === 'company' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-search`}>Find a company</Label>
            <Input id={`${id}-search`} type="search" placeholder="Name or account number" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-choice`}>Company</Label>
            <NativeSelect id={`${id}-choice`} value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
              <option value="">Choose a company</option>
              {choices.data?.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.accountNumber ? ` (${c.accountNumber})` : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      ) : (
        <div className="grid gap-1 sm:max-w-xs">
          <Label htmlFor={`${id}-group-code`}>Price group code</Label>
          <Input id={`${id}-group-code`} placeholder="gold" autoCapitalize="none" value={group} onChange={(e) => setGroup(e.target.value)} />
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <Input id={`${id}-priority`} inputMode="numeric" className="w-28" value={priority} onChange={(e) => setPriority(e.target.value)} />
        </div>
        <Button type="submit" loading={assign.isPending} loadingText="Assigning...">
          Assign
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">A higher priority is tried first; a company's own lists always come before its group's.</p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
