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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
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
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Buyer</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Spending limit</TableHead>
                {portalAdmin && <TableHead className="text-right">Actions</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {buyers.map((buyer) => (
                <TableRow key={buyer.id}>
                  <TableCell>
                    <span className="block font-medium">{displayName(buyer)}</span>
                    <span className="block text-xs text-muted-foreground">{buyer.username}</span>
                  </TableCell>
                  <TableCell>
                    <NativeSelect
                      aria-label={`Role of ${buyer.username}`}
                      value={buyer.companyRole}
                      disabled={update.isPending}
                      onChange={(event) => changeRole(buyer, event.target.value as CompanyRole)}
                      className="min-w-36"
                    >
                      {COMPANY_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {COMPANY_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </NativeSelect>
                  </TableCell>
                  <TableCell>
                    <Button variant="link" className="h-auto px-0" onClick={() => setLimitOf(buyer)} aria-label={`Spending limit of ${buyer.username}: ${spendingLimitText(buyer.spendingLimit)}. Change`}>
                      {spendingLimitText(buyer.spendingLimit)}
                    </Button>
                  </TableCell>
                  {portalAdmin && (
                    <TableCell className="text-right">
                      <Button variant="ghost" size="sm" onClick={() => setMovingOut(buyer)} aria-label={`Move ${buyer.username} out of the company`}>
                        <LogOut aria-hidden />
                        Move out
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
