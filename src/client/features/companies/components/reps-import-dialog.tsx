import { useId, useState } from 'react';
import type { RepImportPreview } from '@common/contracts/reps';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { FormDialog } from '@client/components/form-dialog';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useFinishRepImport, usePreviewRepImport } from '../api/companies';

/** Rows the preview lists; the counts say how many there are in all. */
const SHOWN_ROWS = 50;

/**
 * Rep assignments from a CSV (`username,accountNumber`) through the upload pipeline
 * (docs/decisions/0235): preview (every bad row named, nothing assigned), then Confirm or Cancel.
 */
export function RepsImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Rep Assignments"
      description="A CSV with the columns username and accountNumber: each row assigns that salesperson to that company."
      className="sm:max-w-2xl"
    >
      <RepsImportBody onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RepsImportBody({ onDone }: { onDone: () => void }) {
  const preview = usePreviewRepImport();
  const finish = useFinishRepImport();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<RepImportPreview | null>(null);
  const fileId = useId();
  const problems = isApiError(preview.error) ? preview.error.fieldErrors : [];

  const check = (event: React.FormEvent) => {
    event.preventDefault();
    if (file) preview.mutate(file, { onSuccess: setShown });
  };
  const end = (confirm: boolean) =>
    shown &&
    finish.mutate(
      { id: shown.uploadId, confirm },
      {
        onSuccess: (result) => {
          if (result) toast({ title: 'Reps assigned', description: `${result.assigned} assigned, ${result.alreadyAssigned} already were.`, variant: 'success' });
          onDone();
        },
        onError: (error) => toast({ title: 'Nothing assigned', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  if (shown) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          {shown.filename}: {shown.counts.rows} {shown.counts.rows === 1 ? 'row' : 'rows'}, <strong>{shown.counts.assigned} new</strong>, {shown.counts.alreadyAssigned} already assigned.
        </p>
        <div className="max-h-72 overflow-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="px-3 py-2 font-medium">Row</th>
                <th className="px-3 py-2 font-medium">Salesperson</th>
                <th className="px-3 py-2 font-medium">Company</th>
                <th className="px-3 py-2 font-medium">Change</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.row} className="border-t">
                  <td className="px-3 py-2">{row.row}</td>
                  <td className="px-3 py-2">{row.username}</td>
                  <td className="px-3 py-2">
                    {row.companyName} ({row.accountNumber})
                  </td>
                  <td className="px-3 py-2">{row.isNew ? 'Assign' : 'Already assigned'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {shown.rows.length > SHOWN_ROWS && <p className="text-sm text-muted-foreground">The first {SHOWN_ROWS} rows are shown.</p>}
        <DialogFooter className="pt-2">
          <Button variant="outline" disabled={finish.isPending} onClick={() => end(false)}>
            Cancel
          </Button>
          <Button loading={finish.isPending} loadingText="Assigning..." onClick={() => end(true)}>
            Confirm
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={check}>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV file
        </label>
        <Input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </div>
      {preview.isError && (
        <Alert variant="destructive">
          <AlertTitle>{errorMessage(preview.error, 'The file could not be checked.')}</AlertTitle>
          {problems.length > 0 && (
            <AlertDescription>
              <ul className="list-disc pl-5">
                {problems.slice(0, 20).map((problem) => (
                  <li key={problem.path}>{problem.message}</li>
                ))}
              </ul>
            </AlertDescription>
          )}
        </Alert>
      )}
      <DialogFooter className="pt-2">
        <Button type="submit" disabled={!file} loading={preview.isPending} loadingText="Checking...">
          Preview
        </Button>
      </DialogFooter>
    </form>
  );
}
