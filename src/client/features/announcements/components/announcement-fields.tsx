import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';

/** Title and message, as the New and Edit dialogs both ask for them (limits). */
export function AnnouncementFields({
  title,
  message,
  errors,
}: {
  title: UseFormRegisterReturn<'title'>;
  message: UseFormRegisterReturn<'message'>;
  errors: { title?: string; message?: string };
}) {
  return (
    <>
      <FormField label="Title" error={errors.title}>
        {(control) => <Input {...control} autoFocus maxLength={200} {...title} />}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(control) => <Textarea {...control} rows={6} maxLength={5000} {...message} />}
      </FormField>
    </>
  );
}
