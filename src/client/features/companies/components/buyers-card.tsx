import { LogOut, Plus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import type { BuyerView } from '@common/contracts/companies';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@common/domain/companies';
import { displayName } from '@common/domain/display-name';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { useMoveBuyerOut, useUpdateBuyer, type CompanyScope } from '../api/companies';
import { spendingLimitText } from '../lib/labels';
import { AddBuyerDialog } from './add-buyer-dialog';
import { NewBuyerDialog } from './new-buyer-dialog';
import { SpendingLimitDialog } from './spending-limit-dialog';

/**
 * The company's buyers with their role and spending limit (docs/decisions/0230). A portal admin
 * (`scope` a company id) also adds existing dealers and moves buyers out; a company admin creates
 * buyers and sets roles and limits.
 */
export function BuyersCard({ scope, buyers, companyName }: { scope: CompanyScope; buyers: BuyerView[]; companyName: string }) {
  const portalAdmin = scope !== 'own';
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState(false);
  const [limitOf, setLimitOf] = useState<BuyerView | null>(null);
  const [movingOut, setMovingOut] = useState<BuyerView | null>(null);
  const update = useUpdateBuyer(scope);

  const changeRole = (buyer: BuyerView, companyRole: CompanyRole) =>
    update.mutate(
      { userId: buyer.id, body: { companyRole } },
      {
        onSuccess: () => toast({ title: 'Role changed', description: `${buyer.username} is now ${COMPANY_ROLE_LABELS[companyRole]}.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Failed to change the role', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Buyers</CardTitle>
          <CardDescription>Company admins manage buyers and approve requesters' POs; buyers order; requesters submit POs for approval.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {portalAdmin && (
            <Button variant="outline" onClick={() => setAdding(true)}>
              <UserPlus aria-hidden />
              Add Existing Dealer
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New Buyer
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {buyers.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Users className="size-4" aria-hidden /> No buyers yet.
          </p>
        ) : (
          // A list, not a table: on a phone each buyer stacks, with nothing to scroll sideways.
          <ul className="divide-y divide-border rounded-card border border-border" aria-label="Buyers">
            {buyers.map((buyer) => (
              <li key={buyer.id} className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_13rem_9rem_auto] sm:items-center">
                <span className="min-w-0">
                  <span className="block font-medium break-words">{displayName(buyer)}</span>
                  <span className="block text-xs break-words text-muted-foreground">{buyer.username}</span>
                </span>
                <NativeSelect
                  aria-label={`Role of ${buyer.username}`}
                  value={buyer.companyRole}
                  disabled={update.isPending}
                  onChange={(event) => changeRole(buyer, event.target.value as CompanyRole)}
                >
                  {COMPANY_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {COMPANY_ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
                <span className="flex items-center gap-2 text-sm">
                  <span className="text-muted-foreground sm:sr-only">Spending limit:</span>
                  <Button variant="link" className="h-auto px-0" onClick={() => setLimitOf(buyer)} aria-label={`Spending limit of ${buyer.username}: ${spendingLimitText(buyer.spendingLimit)}. Change`}>
                    {spendingLimitText(buyer.spendingLimit)}
                  </Button>
                </span>
                {portalAdmin ? (
                  <Button variant="ghost" size="sm" className="justify-self-start sm:justify-self-end" onClick={() => setMovingOut(buyer)} aria-label={`Move ${buyer.username} out of the company`}>
                    <LogOut aria-hidden />
                    Move out
                  </Button>
                ) : (
                  <span className="hidden sm:block" />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <NewBuyerDialog open={creating} onOpenChange={setCreating} scope={scope} companyName={companyName} />
      {portalAdmin && <AddBuyerDialog open={adding} onOpenChange={setAdding} companyId={scope.companyId} companyName={companyName} />}
      <SpendingLimitDialog buyer={limitOf} onClose={() => setLimitOf(null)} scope={scope} />
      {portalAdmin && <MoveOutDialog companyId={scope.companyId} companyName={companyName} buyer={movingOut} onClose={() => setMovingOut(null)} />}
    </Card>
  );
}

function MoveOutDialog({ companyId, companyName, buyer, onClose }: { companyId: number; companyName: string; buyer: BuyerView | null; onClose: () => void }) {
  const moveOut = useMoveBuyerOut(companyId);
  return (
    <ConfirmDialog
      open={buyer !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${buyer?.username ?? ''} out of ${companyName}?`}
      description="They get a company of their own, as its admin, and no longer see this company's orders or shared POs. The company keeps its orders."
      confirmLabel="Move out"
      pendingLabel="Moving..."
      pending={moveOut.isPending}
      onConfirm={() => {
        if (!buyer) return;
        moveOut.mutate(buyer.id, {
          onSuccess: () => toast({ title: 'Buyer moved out', description: buyer.username, variant: 'success' }),
          onError: (error) => toast({ title: 'Failed to move the buyer out', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
          onSettled: onClose,
        });
      }}
    />
  );
}
