import { useState, type FormEvent } from 'react';
import { API_SCOPE_LABELS, API_SCOPES, createApiTokenBody, type ApiScope, type CreatedApiToken } from '@common/contracts/integrations';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useCreateApiToken } from '../api/api-tokens';

/** A date input's day, as the end of that day where the admin is (the token works through it). */
function endOfDay(day: string): string | null {
  if (!day) return null;
  const date = new Date(`${day}T23:59:59`);
  return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString();
}

export function NewTokenDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (token: CreatedApiToken) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New API Token" description="For a machine such as your ERP. It can call only the scopes you tick." className="max-w-lg">
      <NewTokenForm
        onCreated={(token) => {
          onOpenChange(false);
          onCreated(token);
        }}
      />
    </FormDialog>
  );
}

function NewTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const mutation = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same contract the server checks, so the form says what the server would.
    const parsed = createApiTokenBody.safeParse({ name, scopes, expiresAt: endOfDay(expiry) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      onCreated(await mutation.mutateAsync(parsed.data));
    } catch (error) {
      toast({ title: 'Failed to create the token', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <FormField label="Name" hint="Who uses it, e.g. “ERP stock sync”" error={errors.name}>
        {(control) => <Input {...control} autoFocus maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {API_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-9 items-center gap-3 text-sm">
            <Checkbox checked={scopes.includes(scope)} onCheckedChange={(v) => toggle(scope, v === true)} />
            <span>
              <code className="font-mono text-xs">{scope}</code> <span className="text-muted-foreground">{API_SCOPE_LABELS[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="token-scopes-error" className="text-sm font-medium text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <FormField label="Expires (optional)" hint="Leave empty for a token that works until revoked" error={errors.expiresAt}>
        {(control) => <Input {...control} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} className="w-48" />}
      </FormField>
      <FormDialogFooter submitLabel="Create Token" pendingLabel="Creating..." pending={mutation.isPending} />
    </form>
  );
}
