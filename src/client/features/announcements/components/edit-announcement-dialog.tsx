import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  announcementContentBody,
  type AnnouncementContentBody,
  type AnnouncementContentInput,
  type AnnouncementView,
} from '@common/contracts/announcements';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { toast } from '@client/components/ui/use-toast';
import { useEditAnnouncement } from '../api/edit-announcement';
import { AnnouncementFields } from './announcement-fields';

/** Edit an announcement's title and message; its status stays on the table's switch. */
export function EditAnnouncementDialog({ announcement, onClose }: { announcement: AnnouncementView | null; onClose: () => void }) {
  return (
    <FormDialog
      open={announcement !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Announcement"
      description={announcement?.isActive ? 'Salespeople see the change on their dashboard at once.' : 'This announcement is inactive; salespeople do not see it.'}
      className="max-w-lg"
    >
      {announcement && <EditAnnouncementForm key={announcement.id} announcement={announcement} onDone={onClose} />}
    </FormDialog>
  );
}

function EditAnnouncementForm({ announcement, onDone }: { announcement: AnnouncementView; onDone: () => void }) {
  const mutation = useEditAnnouncement();
  const form = useForm<AnnouncementContentInput, unknown, AnnouncementContentBody>({
    resolver: zodResolver(announcementContentBody),
    defaultValues: { title: announcement.title, message: announcement.message },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync({ id: announcement.id, body });
      toast({ title: 'Announcement Updated', variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, ['title', 'message'], form.setError);
      toast({ title: 'Failed to update announcement', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <AnnouncementFields
        title={form.register('title')}
        message={form.register('message')}
        errors={{ title: errors.title?.message, message: errors.message?.message }}
      />
      <FormDialogFooter submitLabel="Save Changes" pendingLabel="Saving..." pending={mutation.isPending} />
    </form>
  );
}
