import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { OrderView } from '@common/contracts/orders';
import { formatDateTime } from '@common/domain/format-date';
import { DEALER_CONFIRMATION_LABELS } from '@common/domain/reps';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useAnswerDealerConfirmation } from '../api/answer-dealer-confirmation';
import { Fact } from './order-fact';

/**
 * An order a rep placed for a company that confirms such orders (docs/decisions/0235): its state,
 * and for the company's buyers (never the rep acting for it) Confirm, or Decline with a note.
 */
export function DealerConfirmation({ order, user }: { order: OrderView; user: CurrentUser }) {
  const answer = useAnswerDealerConfirmation();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const state = order.dealerConfirmation;
  if (!state) return null;
  const mayAnswer =
    state.status === 'awaiting' && !user.actingFor && user.activeRole === 'bold_customer' && user.companyId === order.companyId && user.companyRole !== 'requester';
  const send = (decision: 'confirmed' | 'declined') =>
    answer.mutate(
      { id: order.id, body: { decision, ...(decision === 'declined' ? { note } : {}) } },
      {
        onSuccess: () => toast({ title: decision === 'confirmed' ? 'Order confirmed' : 'Order declined', description: 'The rep who placed it has been told.', variant: 'success' }),
        onError: (error) => toast({ title: 'Could not send your answer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <Fact label="Dealer confirmation">
      <span className="font-semibold">{DEALER_CONFIRMATION_LABELS[state.status]}</span>
      {state.byName && state.at && <span className="block text-xs text-muted-foreground">{`${state.byName}, ${formatDateTime(state.at)}`}</span>}
      {state.note && <span className="block text-sm whitespace-pre-line">{state.note}</span>}
      {mayAnswer && (
        <div className="mt-2 grid gap-3">
          {declining && (
            <FormField label="Why are you declining it?" hint="The rep reads this note.">
              {(control) => <Textarea {...control} autoFocus rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
            </FormField>
          )}
          <div className="flex flex-wrap gap-2">
            {!declining && (
              <Button loading={answer.isPending && answer.variables?.body.decision === 'confirmed'} onClick={() => send('confirmed')}>
                <Check aria-hidden />
                Confirm order
              </Button>
            )}
            <Button
              variant="outline"
              disabled={declining && note.trim() === ''}
              loading={answer.isPending && answer.variables?.body.decision === 'declined'}
              onClick={() => (declining ? send('declined') : setDeclining(true))}
            >
              <X aria-hidden />
              {declining ? 'Decline with this note' : 'Decline'}
            </Button>
          </div>
        </div>
      )}
    </Fact>
  );
}
