import { CircleAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';

/** A progress bar and "Loading inventory data..." while the catalogue loads. */
export function InventoryLoading({ progress }: { progress: number }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <Progress value={progress} label="Loading inventory data" />
      <p className="text-sm text-muted-foreground">Loading inventory data...</p>
    </div>
  );
}

/** "Error loading inventory data" with a Retry button that reloads the page. */
export function InventoryError() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-semibold">Error loading inventory data</p>
      <Button onClick={() => window.location.reload()}>Retry</Button>
    </div>
  );
}
