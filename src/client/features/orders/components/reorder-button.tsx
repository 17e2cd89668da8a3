import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ReorderBody, ReorderResponse } from '@common/contracts/orders';
import { orderKindFor } from '@common/domain/cart-rules';
import type { Role } from '@common/domain/permissions';
import { errorMessage } from '@client/lib/api-client';
import { preloadableLazy } from '@client/lib/preloadable-lazy';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useReorder } from '../api/reorder';
import { reorderSummary } from './reorder-result';

/* Radix Dialog loads on the first press (or hover) of Reorder, as Create New PO does (ADR 0199). */
const ReorderDialog = preloadableLazy(() => import('./reorder-dialog').then((m) => m.ReorderDialog));
const preloadDialog = () => void ReorderDialog.preload().catch(() => undefined);

/**
 * Reorder on an order of one's own (docs/decisions/0208): a PO keeper is asked where the lines go;
 * a salesperson's go into their one sample order, as before. The toast names the PO and links to it.
 */
export function ReorderButton({
  orderId,
  poName,
  activeRole,
  onDone,
}: {
  orderId: number;
  poName: string | null;
  activeRole: Role | null | undefined;
  onDone: (result: ReorderResponse) => void;
}) {
  const reorder = useReorder();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (asking && !dialogMounted) setDialogMounted(true);
  const asksWhere = orderKindFor(activeRole) === 'purchase';

  const run = (where?: ReorderBody) =>
    reorder.mutate(
      { id: orderId, where },
      {
        onSuccess: (result) => {
          setAsking(false);
          onDone(result);
          toast({
            title: 'Reordered',
            description: reorderSummary(result),
            variant: result.added.length > 0 ? 'success' : 'warning',
            ...(result.added.length > 0 ? { action: { label: 'View PO', altText: `View ${result.cartName}`, onClick: () => navigate('/cart') } } : {}),
          });
        },
        onError: (error) => toast({ title: 'Error Adding Items', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <>
      <Button
        loading={reorder.isPending && !asking}
        onPointerEnter={asksWhere ? preloadDialog : undefined}
        onFocus={asksWhere ? preloadDialog : undefined}
        onClick={() => (asksWhere ? setAsking(true) : run())}
      >
        <RotateCcw aria-hidden /> Reorder
      </Button>
      {dialogMounted && (
        <ReorderDialog open={asking} onOpenChange={setAsking} orderId={orderId} poName={poName} pending={reorder.isPending} onConfirm={run} />
      )}
    </>
  );
}
