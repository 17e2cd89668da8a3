import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { createLinkBody } from '@common/contracts/files';
import { z } from '@common/contracts/zod';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { useCreateLink } from '../api/create-link';
import { TriggeredFormDialog } from './triggered-form-dialog';

const linkForm = z.omit(createLinkBody, { folderId: true });
type LinkFormValues = z.input<typeof linkForm>;

/** Title and URL required, description optional; docs/product-decisions.md: http or https only. */
export function AddLinkDialog({ folderId, folderName, trigger }: { folderId: number | null; folderName: string; trigger: ReactElement }) {
  return (
    <TriggeredFormDialog title="Add Link" description={`Add a link to ${folderName}. It opens in a new tab.`} trigger={trigger}>
      {(close) => <AddLinkForm folderId={folderId} onCreated={close} />}
    </TriggeredFormDialog>
  );
}

function AddLinkForm({ folderId, onCreated }: { folderId: number | null; onCreated: () => void }) {
  const createLink = useCreateLink();
  const form = useForm<LinkFormValues, unknown, z.output<typeof linkForm>>({
    resolver: zodResolver(linkForm),
    defaultValues: { title: '', url: '', description: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    createLink.mutateAsync({ ...values, folderId }).then(
      (created) => {
        toast({ title: 'Link added', description: `"${created.title}" was added.`, duration: TOAST_DURATION.short });
        onCreated();
      },
      (error: unknown) => {
        const message = errorMessage(error, 'Please try again.');
        if (isApiError(error)) {
          for (const fieldError of error.fieldErrors) {
            if (fieldError.path === 'title' || fieldError.path === 'url') form.setError(fieldError.path, { type: 'server', message: fieldError.message });
          }
        }
        toast({ title: 'Failed to create link', description: message, variant: 'destructive' });
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} autoFocus autoComplete="off" maxLength={200} {...form.register('title')} />}
      </FormField>
      <FormField label="URL" error={errors.url?.message} hint="Starts with https:// or http://">
        {(control) => (
          <Input {...control} type="url" inputMode="url" autoComplete="url" placeholder="https://" spellCheck={false} {...form.register('url')} />
        )}
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={1000} {...form.register('description')} />}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Adding...">
          Add Link
        </Button>
      </DialogFooter>
    </form>
  );
}
