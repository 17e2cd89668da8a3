import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { createFolderBody } from '@common/contracts/files';
import { z } from '@common/contracts/zod';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { useCreateFolder } from '../api/create-folder';
import { TriggeredFormDialog } from './triggered-form-dialog';

const folderForm = z.pick(createFolderBody, { name: true });
type FolderFormValues = z.input<typeof folderForm>;

/** Admins create a folder inside the open one (the name must not be blank). */
export function NewFolderDialog({ parentId, parentName, trigger }: { parentId: number | null; parentName: string; trigger: ReactElement }) {
  return (
    <TriggeredFormDialog title="New Folder" description={`Create a folder in ${parentName}.`} trigger={trigger}>
      {(close) => <NewFolderForm parentId={parentId} onCreated={close} />}
    </TriggeredFormDialog>
  );
}

function NewFolderForm({ parentId, onCreated }: { parentId: number | null; onCreated: () => void }) {
  const createFolder = useCreateFolder();
  const form = useForm<FolderFormValues, unknown, z.output<typeof folderForm>>({
    resolver: zodResolver(folderForm),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit((values) =>
    createFolder.mutateAsync({ name: values.name, parentId }).then(
      (created) => {
        toast({ title: 'Folder created', description: `"${created.name}" was created.`, duration: TOAST_DURATION.short });
        onCreated();
      },
      (error: unknown) => {
        const message = errorMessage(error, 'Please try again.');
        if (isApiError(error) && (error.status === 400 || error.status === 409)) form.setError('name', { type: 'server', message });
        toast({ title: 'Failed to create folder', description: message, variant: 'destructive' });
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Folder name" error={form.formState.errors.name?.message}>
        {(control) => <Input {...control} autoFocus autoComplete="off" maxLength={200} {...form.register('name')} />}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Creating...">
          Create
        </Button>
      </DialogFooter>
    </form>
  );
}
