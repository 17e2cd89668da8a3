import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { USER_MESSAGES, bypassForm, type UserView } from '@common/contracts/users';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormDialog } from '@client/components/form-dialog';
import { DialogFooter } from '@client/components/ui/dialog';
import { useBypassPasswordReset } from '../api/bypass-password-reset';
import { UserPicker } from './user-picker';

/** The server's message, or the network sentence when the server was not reached. */
function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Could not bypass password requirement. Network error.';
  return errorMessage(error, 'Could not bypass password requirement.');
}

/**
 * "Password Reset Admin Tools" with the emergency password reset tool: a user
 * stuck on the temporary-password screen is let through, picked by username.
 */
export function PasswordToolsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Password Reset Admin Tools"
      description="For the rare user who cannot get past the temporary-password screen."
      className="max-w-lg"
    >
      <EmergencyBypassTool onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EmergencyBypassTool({ onClose }: { onClose: () => void }) {
  const mutation = useBypassPasswordReset();
  const [chosen, setChosen] = useState<UserView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bypassForm.safeParse({ userId: chosen?.id });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? USER_MESSAGES.chooseUser);
      return;
    }
    setProblem(null);
    mutation.mutate(parsed.data.userId);
  };

  const resetForm = () => {
    setChosen(null);
    setProblem(null);
    setPickerKey((k) => k + 1);
    mutation.reset();
  };

  return (
    <section aria-labelledby="bypass-heading" className="grid gap-4">
      <div>
        <h3 id="bypass-heading" className="font-semibold">
          Emergency Password Reset Tool
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Bypass Password Requirement clears the must-change-password flag, so the user signs in with the password they
          already have. The action is logged.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <UserPicker
          key={pickerKey}
          chosen={chosen}
          error={problem}
          onChoose={(user) => {
            setChosen(user);
            setProblem(null);
            mutation.reset();
          }}
        />
        <Button type="submit" className="w-full sm:w-fit" loading={mutation.isPending} loadingText="Working...">
          Bypass Password Requirement
        </Button>
      </form>

      {mutation.isSuccess && (
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>Success</AlertTitle>
          <AlertDescription>{mutation.data.message}</AlertDescription>
        </Alert>
      )}
      {mutation.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Operation Failed</AlertTitle>
          <AlertDescription>{failureText(mutation.error)}</AlertDescription>
        </Alert>
      )}

      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={resetForm} disabled={mutation.isPending}>
          Reset Form
        </Button>
        <Button variant="outline" asChild>
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </section>
  );
}
