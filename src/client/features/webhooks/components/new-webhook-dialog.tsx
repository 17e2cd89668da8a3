import { useState, type FormEvent } from 'react';
import { createWebhookBody, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEvent } from '@common/contracts/integrations';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useCreateWebhook } from '../api/webhooks';

export function NewWebhookDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (endpoint: CreatedWebhook) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New Webhook Endpoint" description="The portal posts each event to this https URL, signed with a secret you get next." className="max-w-lg">
      <NewWebhookForm
        onCreated={(endpoint) => {
          onOpenChange(false);
          onCreated(endpoint);
        }}
      />
    </FormDialog>
  );
}

function NewWebhookForm({ onCreated }: { onCreated: (endpoint: CreatedWebhook) => void }) {
  const mutation = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookBody.safeParse({ url, description, events });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      onCreated(await mutation.mutateAsync(parsed.data));
    } catch (error) {
      // The server checks what the form cannot: https and a public address.
      if (isApiError(error)) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])));
      toast({ title: 'Failed to add the endpoint', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const toggle = (name: WebhookEvent, on: boolean) => setEvents((e) => (on ? [...e, name] : e.filter((x) => x !== name)));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <FormField label="URL" hint="https only; private and local addresses are refused" error={errors.url}>
        {(control) => (
          <Input {...control} autoFocus type="url" inputMode="url" placeholder="https://erp.example.com/hooks/portal" value={url} onChange={(e) => setUrl(e.target.value)} />
        )}
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        {(control) => <Input {...control} maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="flex min-h-9 items-center gap-3 text-sm">
            <Checkbox checked={events.includes(name)} onCheckedChange={(v) => toggle(name, v === true)} />
            <span>
              <code className="font-mono text-xs">{name}</code> <span className="text-muted-foreground">{WEBHOOK_EVENT_LABELS[name]}</span>
            </span>
          </label>
        ))}
        {errors.events && <p className="text-sm font-medium text-destructive">{errors.events}</p>}
      </fieldset>
      <FormDialogFooter submitLabel="Add Endpoint" pendingLabel="Adding..." pending={mutation.isPending} />
    </form>
  );
}
