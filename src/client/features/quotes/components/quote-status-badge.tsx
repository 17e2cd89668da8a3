import type { QuoteStatus } from '@common/domain/quotes';
import { QUOTE_STATUS_LABELS } from '@common/domain/quotes';
import { Badge } from '@client/components/ui/badge';

const VARIANTS: Record<QuoteStatus, 'default' | 'accent' | 'outline' | 'warning' | 'success' | 'destructive'> = {
  draft: 'outline',
  requested: 'warning',
  quoted: 'accent',
  accepted: 'success',
  declined: 'destructive',
  expired: 'outline',
  closed: 'default',
};

/** A quote's status in a word, its colour only a help (docs/ui-rules.md). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
