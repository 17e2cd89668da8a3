import { Suspense, lazy, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import {
  MERCHANDISE_UPLOAD_MESSAGES,
  merchandiseUploadErrorBody,
  type MerchandisePreviewResponse,
  type MerchandiseRowIssue,
  type MerchandiseUploadResponse,
} from '@common/contracts/merchandise';
import { Page } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import { usePreviewMerchandiseUpload } from '../api/preview-merchandise-upload';
import { MERCHANDISE_TEMPLATE_URL } from '../api/upload-merchandise';
import { MerchandiseCatalogue } from '../components/merchandise-catalogue';

// The preview dialog loads when the admin first uploads.
const MerchandisePreviewDialog = lazy(() => import('../components/merchandise-preview-dialog').then((m) => ({ default: m.MerchandisePreviewDialog })));

/** Issues a toast lists; the panel on the page lists them all. */
const TOAST_ISSUES = 5;

const describeIssue = (issue: MerchandiseRowIssue) => `${issue.sheet} row ${issue.row}: ${issue.messages.join('; ')}`;

/** The codes an upload added and updated, by name, so the admin can check them. */
function codeLines(result: MerchandiseUploadResponse): string[] {
  const list = (keys: { code: string }[]) => keys.map((k) => k.code).join(', ');
  return [result.added.length > 0 ? `Added: ${list(result.added)}` : null, result.updatedCodes.length > 0 ? `Updated: ${list(result.updatedCodes)}` : null].filter(
    (line): line is string => line !== null,
  );
}

function IssueToast({ issues }: { issues: MerchandiseRowIssue[] }) {
  const hidden = issues.length - TOAST_ISSUES;
  return (
    <div className="grid gap-1">
      <span>{MERCHANDISE_UPLOAD_MESSAGES.rowsFailed}</span>
      <ul className="grid gap-0.5">
        {issues.slice(0, TOAST_ISSUES).map((issue) => (
          <li key={`${issue.sheet}-${issue.row}`}>{describeIssue(issue)}</li>
        ))}
      </ul>
      {hidden > 0 && <span>…and {hidden} more (listed on the page).</span>}
    </div>
  );
}

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

/** /admin/merchandise-upload (Manage Merchandise; the route lets admins only in). */
export function MerchandiseUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [issues, setIssues] = useState<MerchandiseRowIssue[]>([]);
  const [summary, setSummary] = useState<{ text: string; codes: string[] } | null>(null);
  const [preview, setPreview] = useState<MerchandisePreviewResponse | null>(null);
  const upload = usePreviewMerchandiseUpload();

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
        // docs/decisions/0214: the workbook is previewed first; the dialog applies it on Confirm.
        onSuccess: setPreview,
        onError: (error) => {
          const rows = error instanceof ApiError ? merchandiseUploadErrorBody.safeParse(error.body) : null;
          if (rows?.success) setIssues(rows.data.rows);
          const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message;
          // The toast lists the problems themselves, not only the heading.
          const description = rows?.success ? <IssueToast issues={rows.data.rows} /> : message;
          toast({ title: 'Upload Failed', description, variant: 'destructive', duration: rows?.success ? TOAST_DURATION.warning : undefined });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const applied = (result: MerchandiseUploadResponse) => {
    setPreview(null);
    const text = `${result.inserted} added, ${result.updated} updated (${result.total} rows).`;
    setSummary({ text, codes: codeLines(result) });
    toast({ title: 'Merchandise Updated', description: text, variant: 'success', duration: TOAST_DURATION.short });
  };

  return (
    <Page
      title="Manage Merchandise"
      description="Upload displays, labels, price lists and handboards from the merchandise workbook, then review, edit or remove what is loaded."
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
              Every row is checked first; if one is wrong nothing is saved. You then see what would be added and changed, and nothing
              changes until you confirm. Codes not in the file are kept.
            </p>
          </div>
          <div>
            <Button onClick={send} disabled={!file || upload.isPending}>
              <Upload aria-hidden />
              {upload.isPending ? 'Checking…' : 'Upload File'}
            </Button>
          </div>
          {progress !== null && <Progress value={Math.round(progress * 100)} label="Upload progress" />}
          {summary && (
            <Alert variant="success" role="status">
              <AlertTitle>Merchandise Updated</AlertTitle>
              {/* AlertDescription is a <p>, so the code lines are paragraphs beside it. */}
              <AlertDescription>{summary.text}</AlertDescription>
              {summary.codes.map((line) => (
                <p key={line} className="text-sm break-words opacity-90">
                  {line}
                </p>
              ))}
            </Alert>
          )}
          {issues.length > 0 && (
            <Alert variant="destructive">
              <AlertTitle>{MERCHANDISE_UPLOAD_MESSAGES.rowsFailed}</AlertTitle>
              <ul className="mt-2 grid gap-1 text-sm opacity-90" aria-label="Rows with problems">
                {issues.map((issue) => (
                  <li key={`${issue.sheet}-${issue.row}`}>
                    {describeIssue(issue)}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </CardContent>
      </Card>
      {preview && (
        <Suspense fallback={null}>
          <MerchandisePreviewDialog key={preview.uploadId} preview={preview} onApplied={applied} onClosed={() => setPreview(null)} />
        </Suspense>
      )}
      <MerchandiseCatalogue />
    </Page>
  );
}
