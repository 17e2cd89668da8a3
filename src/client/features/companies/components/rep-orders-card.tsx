import { useId } from 'react';
import type { CompanyView } from '@common/contracts/companies';
import { errorMessage } from '@client/lib/api-client';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateOwnCompany } from '../api/companies';

/**
 * My Company's "Orders from reps" (docs/decisions/0235): whether an order a rep places for the
 * company waits in "Awaiting dealer" until one of its buyers confirms it. The company admin switches
 * it; everyone else reads it.
 */
export function RepOrdersCard({ company, canEdit }: { company: CompanyView; canEdit: boolean }) {
  const id = useId();
  const update = useUpdateOwnCompany();
  const needed = company.repOrdersNeedConfirmation ?? false;
  const change = async (value: boolean) => {
    try {
      await update.mutateAsync({ repOrdersNeedConfirmation: value });
      toast({
        title: value ? 'Orders from reps now wait for your confirmation' : 'Orders from reps no longer wait for your confirmation',
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Failed to save the setting', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders from reps</CardTitle>
        <CardDescription>
          When one of our sales reps places an order for {company.name}, it can wait in &quot;Awaiting dealer&quot; until a buyer of
          yours confirms or declines it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex min-h-11 items-center gap-3">
          <Switch
            id={id}
            checked={needed}
            disabled={!canEdit || update.isPending}
            onCheckedChange={(value) => void change(value)}
          />
          <label htmlFor={id} className="text-sm font-medium">
            Orders placed for us by reps need our confirmation
          </label>
        </div>
        {!canEdit && <p className="mt-2 text-sm text-muted-foreground">Your company admin changes this.</p>}
      </CardContent>
    </Card>
  );
}
