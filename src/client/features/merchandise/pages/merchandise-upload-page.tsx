import { useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { MERCHANDISE_UPLOAD_MESSAGES, merchandiseUploadErrorBody, type MerchandiseRowIssue } from '@common/contracts/merchandise';
import { Page } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import { MERCHANDISE_TEMPLATE_URL, useUploadMerchandise } from '../api/upload-merchandise';

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

/** /admin/merchandise-upload (spec §2 Manage Merchandise; the route lets admins only in). */
export function MerchandiseUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [issues, setIssues] = useState<MerchandiseRowIssue[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const upload = useUploadMerchandise();

  const choose = (chosen: File | undefined) => {
    setIssues([]);
    setSummary(null);
    if (chosen && !isXlsx(chosen)) {
      setFile(null);
      toast({ title: 'Invalid File', description: MERCHANDISE_UPLOAD_MESSAGES.invalidFile, variant: 'destructive' });
      return;
    }
    setFile(chosen ?? null);
  };

  const send = () => {
    if (!file) return;
    setProgress(0);
    setIssues([]);
    setSummary(null);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          const text = `${result.inserted} added, ${result.updated} updated (${result.total} rows).`;
          setSummary(text);
          toast({ title: 'Merchandise Updated', description: text, variant: 'success', duration: TOAST_DURATION.short });
        },
        onError: (error) => {
          const rows = error instanceof ApiError ? merchandiseUploadErrorBody.safeParse(error.body) : null;
          if (rows?.success) setIssues(rows.data.rows);
          const description = error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
          toast({ title: 'Upload Failed', description, variant: 'destructive', duration: rows?.success ? TOAST_DURATION.warning : undefined });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Page
      title="Manage Merchandise"
      description="Upload displays, labels, price lists and handboards from the merchandise workbook."
      actions={
        <Button variant="outline" asChild>
          <a href={MERCHANDISE_TEMPLATE_URL} download>
            <Download aria-hidden />
            Download Template
          </a>
        </Button>
      }
    >
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <div className="grid gap-2">
            <Label htmlFor="merchandise-file">Merchandise workbook (.xlsx)</Label>
            <input
              id="merchandise-file"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:font-medium"
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <p className="text-sm text-muted-foreground">
              Every row is checked first; if one is wrong nothing is saved. Codes not in the file are kept.
            </p>
          </div>
          <div>
            <Button onClick={send} disabled={!file || upload.isPending}>
              <Upload aria-hidden />
              {upload.isPending ? 'Uploading…' : 'Upload File'}
            </Button>
          </div>
          {progress !== null && <Progress value={Math.round(progress * 100)} label="Upload progress" />}
          {summary && (
            <Alert variant="success" role="status">
              <AlertTitle>Merchandise Updated</AlertTitle>
              <AlertDescription>{summary}</AlertDescription>
            </Alert>
          )}
          {issues.length > 0 && (
            <Alert variant="destructive">
              <AlertTitle>{MERCHANDISE_UPLOAD_MESSAGES.rowsFailed}</AlertTitle>
              <AlertDescription>
                <ul className="mt-2 grid gap-1" aria-label="Rows with problems">
                  {issues.map((issue) => (
                    <li key={`${issue.sheet}-${issue.row}`}>
                      <span className="font-medium">
                        {issue.sheet} row {issue.row}:
                      </span>{' '}
                      {issue.messages.join('; ')}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
