import { CircleAlert, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { describeIssue, parseIssuePath } from '@common/domain/user-import';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { toast } from '@client/components/ui/use-toast';
import type { UserImportResult } from '@common/contracts/users';
import { ImportWriteError, USER_IMPORT_TEMPLATE_URL, useImportUsers, type ImportProgress } from '../api/import-users';

/** The names in a toast: the first few and how many more, so 500 users stay readable. */
const NAMES_SHOWN = 10;
function createdSummary(result: UserImportResult): string {
  const names = result.users.map((u) => u.username);
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  const examples = result.skippedExamples > 0 ? ` Example rows skipped: ${result.skippedExamples}.` : '';
  return `${result.created} user${result.created === 1 ? '' : 's'} created: ${shown}${more}.${examples}`;
}

/** Passwords are hashed one by one ("n of N"); then all users are saved in one transaction. */
function progressText(progress: ImportProgress | null): string {
  if (!progress || progress.total === 0) return 'Checking the file...';
  if (progress.done < progress.total) return `Creating users: ${progress.done} of ${progress.total}`;
  return `Saving ${progress.total} users...`;
}

function showResult(result: UserImportResult) {
  if (result.created === 0) {
    toast({
      title: 'Nothing to import',
      description: 'The file holds only the template’s example rows (usernames starting with EXAMPLE). Add your users on new rows.',
    });
    return;
  }
  toast({ title: 'Users Imported', description: createdSummary(result), variant: 'success' });
}

/** One line per problem, as the server reported them ("Row 4: Invalid email (email)"). */
function problemLines(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map((e) => {
    const issue = parseIssuePath(e.path, e.message);
    return issue ? describeIssue(issue) : e.message;
  });
}

/**
 * Bulk user import: a CSV or the merchandise workbook with a "users" sheet.
 * All-or-nothing: any problem imports nobody, and every problem is listed by row.
 */
export function ImportUsersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import Users"
      description="A CSV file, or an Excel workbook with a sheet named users. Columns: username, password, role, firstName, lastName, email, phone, company, storeName, storeAddress. Every user starts with the given password as a temporary one. Rows whose username starts with EXAMPLE are the template’s examples and are never imported."
      className="max-w-lg"
    >
      <ImportForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useImportUsers(setProgress);
  const lines = mutation.isError ? problemLines(mutation.error) : [];

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setProgress(null);
        mutation.mutate(file, {
          onSuccess: (result) => {
            showResult(result);
            onDone();
          },
        });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>File (.csv or .xlsx)</Label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="block w-full text-sm file:mr-3 file:h-11 file:cursor-pointer file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:text-sm file:font-medium hover:file:bg-muted md:file:h-10"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            mutation.reset();
          }}
        />
      </div>
      <Button variant="link" asChild className="h-auto justify-start px-0">
        <a href={USER_IMPORT_TEMPLATE_URL} download>
          <Download aria-hidden />
          Download CSV template
        </a>
      </Button>

      {mutation.isPending && (
        <div className="grid gap-1.5" aria-live="polite">
          <p className="text-sm text-muted-foreground">
            {progressText(progress)}
          </p>
          <Progress label="Import progress" value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined} />
        </div>
      )}

      {mutation.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Import Failed</AlertTitle>
          {/* A div, not AlertDescription's <p>: a list may not sit inside a paragraph. */}
          <div className="text-sm opacity-90">
            {lines.length > 0 ? (
              <>
                Please fix the following issues:
                <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            ) : mutation.error instanceof ImportWriteError ? (
              mutation.error.message
            ) : (
              errorMessage(mutation.error, 'The file could not be imported. Please try again.')
            )}
          </div>
        </Alert>
      )}

      <FormDialogFooter submitLabel="Import Users" pendingLabel="Importing..." pending={mutation.isPending} disabled={!file} />
    </form>
  );
}
