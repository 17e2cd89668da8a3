import { Progress } from '@client/components/ui/progress';

/** Progress of a stock upload: bytes sent, then the server checking and applying the file. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const sent = fraction >= 1;
  return (
    <div className="grid gap-1.5 rounded-card border border-border bg-surface px-4 py-3" role="status">
      <p className="text-sm">
        {sent ? `Checking and applying ${fileName}…` : `Uploading ${fileName}… ${Math.round(fraction * 100)}%`}
      </p>
      <Progress value={sent ? undefined : fraction * 100} label={`Uploading ${fileName}`} />
    </div>
  );
}
