import { CircleAlert, Download } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UserImportResult } from '@common/contracts/users';
import type { UserImportPreview, UserImportPreviewRow } from '@common/contracts/users-import';
import { formatCount } from '@common/domain/format';
import { describeIssue, parseIssuePath } from '@common/domain/user-import';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { confirmLabel, Count, PreviewProblems, Section, WarningGroups, WarningsNotice } from '@client/components/upload-preview-parts';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { toast } from '@client/components/ui/use-toast';
import { useCancelUserImport } from '../api/cancel-user-import';
import { useConfirmUserImport } from '../api/confirm-user-import';
import { PreviewStoppedError, USER_IMPORT_TEMPLATE_URL, usePreviewUserImport, type ImportProgress } from '../api/preview-user-import';

/** The names in a toast: the first few and how many more, so 500 users stay readable. */
const NAMES_SHOWN = 10;
function createdSummary(result: UserImportResult): string {
  const names = result.users.map((u) => u.username);
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  const examples = result.skippedExamples > 0 ? ` Example rows skipped: ${result.skippedExamples}.` : '';
  return `${result.created} user${result.created === 1 ? '' : 's'} created: ${shown}${more}.${examples}`;
}

/** Passwords are hashed one by one while the file is checked ("n of N"). */
function progressText(progress: ImportProgress | null): string {
  if (!progress || progress.total === 0) return 'Checking the file...';
  if (progress.done < progress.total) return `Checking users: ${progress.done} of ${progress.total}`;
  return `Checked ${progress.total} users...`;
}

/** One line per problem, as the server reported them ("Row 4: Invalid email (email)"). */
function problemLines(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map((e) => {
    const issue = parseIssuePath(e.path, e.message);
    return issue ? describeIssue(issue) : e.message;
  });
}

const ROLE_WORDS = { admin: 'Admin', salesperson: 'Salesperson', bold_customer: 'BOLD customer' } as const;
function accountLine(u: UserImportPreviewRow): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return [`Row ${u.row}: ${u.username}`, ROLE_WORDS[u.role], name, u.email ?? 'no email', u.company].filter(Boolean).join(' · ');
}

/**
 * Bulk user import (docs/decisions/0225): a CSV or the merchandise workbook with a "users" sheet is
 * checked and shown first, as the stock upload is; Confirm creates exactly those accounts, Cancel
 * (or closing the dialog) creates nobody. All or nothing: any problem refuses the file, every
 * problem listed by row.
 */
export function ImportUsersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  /** Applied, or refused at Confirm as stale: nothing left to cancel. */
  const decided = useRef(false);
  const cancel = useCancelUserImport();

  const changeOpen = (next: boolean) => {
    if (!next && preview && !decided.current) cancel.mutate(preview.uploadId);
    if (!next) {
      setPreview(null);
      decided.current = false;
    }
    onOpenChange(next);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Import Users"
      description={
        preview
          ? `Check the users before they are created. ${preview.filename}: nothing has changed yet.`
          : 'A CSV file, or an Excel workbook with a sheet named users. Columns: username, password, role, firstName, lastName, email, phone, company, storeName, storeAddress. Every user starts with the given password as a temporary one. Rows whose username starts with EXAMPLE are the template’s examples and are never imported.'
      }
      className={preview ? 'max-h-[90dvh] max-w-2xl overflow-y-auto' : 'max-w-lg'}
    >
      {preview ? (
        <ImportPreview
          preview={preview}
          onDecided={() => (decided.current = true)}
          onClose={() => changeOpen(false)}
        />
      ) : (
        <ImportForm onPreviewed={setPreview} />
      )}
    </FormDialog>
  );
}

function ImportForm({ onPreviewed }: { onPreviewed: (preview: UserImportPreview) => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = usePreviewUserImport(setProgress);
  const lines = mutation.isError ? problemLines(mutation.error) : [];

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setProgress(null);
        mutation.mutate(file, { onSuccess: onPreviewed });
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
          <p className="text-sm text-muted-foreground">{progressText(progress)}</p>
          <Progress label="Check progress" value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : undefined} />
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
                No users were imported. Please fix the following issues:
                <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5" aria-label="Refused rows">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            ) : mutation.error instanceof PreviewStoppedError ? (
              mutation.error.message
            ) : (
              errorMessage(mutation.error, 'The file could not be checked. Please try again.')
            )}
          </div>
        </Alert>
      )}

      <FormDialogFooter submitLabel="Check file" pendingLabel="Checking..." pending={mutation.isPending} disabled={!file} />
    </form>
  );
}

/** What Confirm would create, warnings first (docs/decisions/0211); Confirm or Cancel. */
function ImportPreview({ preview, onDecided, onClose }: { preview: UserImportPreview; onDecided: () => void; onClose: () => void }) {
  const confirm = useConfirmUserImport();
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const { counts } = preview;
  const nothing = counts.created === 0;
  const label = confirmLabel(counts.warnings);

  const apply = () =>
    confirm.mutate(preview.uploadId, {
      onSuccess: (result) => {
        onDecided();
        toast({ title: 'Users Imported', description: createdSummary(result), variant: 'success' });
        onClose();
      },
      onError: (error) => {
        // Already decided, too old, or a name taken since: this preview cannot be applied any more.
        if (isApiError(error) && (error.status === 409 || error.status === 403 || error.status === 404)) {
          setStale(true);
          onDecided();
        }
        setProblem(errorMessage(error, 'Please try again.'));
      },
    });

  return (
    <div className="grid gap-4">
      <WarningsNotice total={counts.warnings} />
      <dl className="nums grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Summary">
        <Count label="Rows" value={counts.rows} />
        <Count label="New users" value={counts.created} />
        <Count label="Example rows skipped" value={counts.skippedExamples} />
        <Count label="Warnings" value={counts.warnings} />
      </dl>
      {preview.warnings.length > 0 && (
        <WarningGroups groups={[{ title: 'Warnings', lines: preview.warnings.map(describeIssue) }]} unlisted={counts.warnings - preview.warnings.length} />
      )}
      {preview.created.length > 0 && (
        <Section title={`New users (${formatCount(counts.created)})`} unlisted={counts.created - preview.created.length}>
          {preview.created.map((u) => (
            <li key={u.row} className="py-0.5 break-words">
              {accountLine(u)}
            </li>
          ))}
        </Section>
      )}
      {nothing && (
        <p className="text-sm text-muted-foreground">
          Nothing to import: the file holds only the template’s example rows (usernames starting with EXAMPLE). Add your users on new rows.
        </p>
      )}
      {problem && <PreviewProblems lines={[problem]} />}
      {confirm.isPending && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Creating {formatCount(counts.created)} {counts.created === 1 ? 'user' : 'users'}...
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={confirm.isPending}>
          {stale || nothing ? 'Close' : 'Cancel'}
        </Button>
        {!stale && !nothing && (
          <Button variant={label.variant} onClick={apply} loading={confirm.isPending} loadingText="Creating users…">
            {label.text}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
