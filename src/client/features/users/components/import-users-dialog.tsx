import { CircleAlert, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { describeIssue, parseIssuePath } from '@common/domain/user-import';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { USER_IMPORT_TEMPLATE_URL, useImportUsers } from '../api/import-users';

/** One line per problem, as the server reported them ("Row 4: Invalid email (email)"). */
function problemLines(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map((e) => {
    const issue = parseIssuePath(e.path, e.message);
    return issue ? describeIssue(issue) : e.message;
  });
}

/**
 * Bulk user import (spec §5): a CSV or the merchandise workbook with a "users" sheet.
 * All-or-nothing: any problem imports nobody, and every problem is listed by row.
 */
export function ImportUsersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import Users"
      description="A CSV file, or an Excel workbook with a sheet named users. Columns: username, password, role, firstName, lastName, email, phone, company, storeName, storeAddress. Every user starts with the given password as a temporary one."
      className="max-w-lg"
    >
      <ImportForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const mutation = useImportUsers();
  const lines = mutation.isError ? problemLines(mutation.error) : [];

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        mutation.mutate(file, {
          onSuccess: (result) => {
            toast({
              title: 'Users Imported',
              description: `${result.created} user${result.created === 1 ? '' : 's'} created: ${result.users.map((u) => u.username).join(', ')}`,
              variant: 'success',
            });
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
