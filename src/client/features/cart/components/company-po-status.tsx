import { useId } from 'react';
import type { CartView } from '@common/contracts/carts';
import { formatDateTime } from '@common/domain/format-date';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useShareCart } from '../api/company-po';

/**
 * A dealer company's PO (docs/decisions/0233): whose it is, whether it is shared with the company
 * (the owner's switch), and where it stands with the company admin (waiting, or returned with a note).
 */
export function CompanyPoStatus({ cart, userId }: { cart: CartView; userId: number }) {
  const id = useId();
  const share = useShareCart();
  const isOwner = cart.userId === userId;
  return (
    <div className="flex flex-col gap-3 print:hidden">
      {cart.approvalStatus === 'pending' && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <span className="font-semibold">Waiting for approval</span>
          {cart.submittedAt ? ` since ${formatDateTime(cart.submittedAt)}` : ''}. This PO is locked until your company admin approves or returns it.
        </p>
      )}
      {cart.approvalStatus === 'returned' && (
        <div role="status" className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <p className="font-semibold">Returned by your company admin</p>
          {cart.approvalNote && <p className="whitespace-pre-line break-words">“{cart.approvalNote}”</p>}
          <p className="text-muted-foreground">Change the PO and submit it again.</p>
        </div>
      )}
      {!isOwner && cart.ownerName && <p className="text-sm text-muted-foreground">Shared by {cart.ownerName}. You can add products to it.</p>}
      {isOwner && (
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-share`}
            checked={cart.sharedWithCompany === true}
            disabled={share.isPending}
            onCheckedChange={(shared) =>
              share.mutate(
                { cartId: cart.id, shared },
                { onError: (error) => toast({ title: 'Sharing not changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }) },
              )
            }
          />
          <Label htmlFor={`${id}-share`} className="text-sm">
            {cart.sharedWithCompany ? 'Shared with your company' : 'Share with your company'}
          </Label>
        </div>
      )}
    </div>
  );
}
