import type { BulkAddResponse } from '@common/contracts/carts';
import { bulkAddSummary } from '@common/domain/bulk-add';
import { QUICK_ADD_MESSAGES } from '@common/domain/quick-add';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';

/** The toast after a bulk add (ADR 0189): what went in and where; the per-line detail is on the page. */
export function toastBulkAnswer(result: BulkAddResponse, poName: string) {
  if (result.count === 0) {
    const allOut = result.outOfStock === result.skipped;
    toast({
      title: QUICK_ADD_MESSAGES.allOut.title,
      description: allOut ? QUICK_ADD_MESSAGES.allOut.description : 'None of the lines could be added. See the reasons below.',
      variant: 'destructive',
    });
    return;
  }
  toast({
    title: 'Items Added',
    description: bulkAddSummary(result, poName),
    duration: result.capped + result.skipped > 0 ? TOAST_DURATION.default : TOAST_DURATION.short,
  });
}

/** A bulk add that failed as a whole (no line written): the server's sentence, or the spec's general one. */
export function toastBulkFailure(error: Error) {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
    toast({ title: QUICK_ADD_MESSAGES.cannotAdd.title, description: error.serverMessage, variant: 'destructive' });
  } else {
    toast({ title: 'Error Adding Items', description: QUICK_ADD_MESSAGES.failed, variant: 'destructive' });
  }
}
