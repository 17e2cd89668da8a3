import { CircleAlert, TriangleAlert, X } from 'lucide-react';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import type { UploadReport } from '../lib/upload-messages';

/**
 * The full list behind an Upload Failed or warnings toast: toasts vanish after
 * 10 seconds, and an admin fixing a sheet needs every row number in view.
 */
export function UploadReportPanel({
  kind,
  report,
  onDismiss,
}: {
  kind: 'failed' | 'warnings';
  report: UploadReport;
  onDismiss: () => void;
}) {
  const failed = kind === 'failed';
  return (
    <Alert variant={failed ? 'destructive' : 'warning'} className="relative pr-12">
      {failed ? <CircleAlert aria-hidden /> : <TriangleAlert aria-hidden />}
      <AlertTitle>{failed ? 'Upload Failed' : 'Upload Completed with Warnings'}</AlertTitle>
      <div className="text-sm">
        <p>{failed ? 'Please fix the following issues:' : 'The stock was updated. Check these rows:'}</p>
        <ul className="nums mt-1.5 max-h-60 list-disc overflow-y-auto pl-5">
          {report.lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
        {report.more > 0 && <p className="mt-1.5">…and {report.more} more.</p>}
      </div>
      <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Dismiss" className="absolute top-1 right-1">
        <X aria-hidden />
      </Button>
    </Alert>
  );
}
