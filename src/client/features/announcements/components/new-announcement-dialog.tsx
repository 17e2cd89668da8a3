import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { createAnnouncementBody, type CreateAnnouncementBody, type CreateAnnouncementInput } from '@common/contracts/announcements';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { useCreateAnnouncement } from '../api/create-announcement';
import { AnnouncementFields } from './announcement-fields';

/** New Announcement dialog: title and message required, active by default. */
export function NewAnnouncementDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Announcement"
      description="Active announcements appear on every salesperson’s dashboard."
      className="max-w-lg"
    >
      <NewAnnouncementForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NewAnnouncementForm({ onDone }: { onDone: () => void }) {
  const mutation = useCreateAnnouncement();
  const form = useForm<CreateAnnouncementInput, unknown, CreateAnnouncementBody>({
    resolver: zodResolver(createAnnouncementBody),
    defaultValues: { title: '', message: '', isActive: true },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
      toast({ title: 'Announcement Created', description: body.isActive ? 'Salespeople will see it on their dashboard.' : 'Saved as inactive.', variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, ['title', 'message'], form.setError);
      toast({ title: 'Failed to create announcement', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <AnnouncementFields
        title={form.register('title')}
        message={form.register('message')}
        errors={{ title: errors.title?.message, message: errors.message?.message }}
      />
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="announcement-active" checked={field.value ?? true} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />
            <Label htmlFor="announcement-active">Active (show it to salespeople now)</Label>
          </div>
        )}
      />
      <FormDialogFooter submitLabel="Create Announcement" pendingLabel="Creating..." pending={mutation.isPending} />
    </form>
  );
}
