import type { QuoteView } from '@common/contracts/quotes';
import type { IsoDate } from '@common/domain/business-days';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import { peopleOf } from '../companies';
import { releaseHolds } from '../lots';
import type { MailOutbox } from '../mail';
import type { ProductsService } from '../products';
import type { EventPublisher } from '../webhooks';
import { quoteEmail, type QuoteStep } from './emails';
import * as repo from './repository';
import { quoteView } from './views';

/** What a quote step tells the world: its email, its webhook, its activity row (docs/decisions/0237). */
export interface StepDeps {
  products: Pick<ProductsService, 'summaries' | 'changed'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  events: EventPublisher;
  /** From (ORDER_EMAIL_FROM) and the office's address (ORDER_EMAIL_TO), which hears of requests and decisions. */
  email: { from: string; to: string };
  today: () => IsoDate;
}

const STEP_EVENTS = {
  requested: 'quote.requested',
  sent: 'quote.sent',
  accepted: 'quote.accepted',
  declined: 'quote.declined',
  expired: 'quote.expired',
  closed: 'quote.closed',
} as const;

export async function viewOf(tx: DbOrTx, deps: StepDeps, row: repo.QuoteRow, pricer: boolean): Promise<QuoteView> {
  return quoteView(tx, { products: deps.products, today: deps.today }, row, await repo.linesOf(tx, [row.id]), pricer);
}

/**
 * The requester, or else the company's admins: who hears that a quote was sent or expired. A rep who
 * asked for the dealer (docs/decisions/0242) hears of it with the company's admins.
 */
async function dealerEmails(tx: DbOrTx, row: repo.QuoteRow): Promise<string[]> {
  const people = await peopleOf(tx, row.companyId);
  if (row.requestedByRepId !== null) {
    const rep = await repo.emailOf(tx, row.requestedByRepId);
    const admins = people.filter((p) => p.companyRole === 'admin' && p.email).map((p) => p.email!);
    return [...new Set([...(rep ? [rep] : []), ...admins])];
  }
  const requester = people.find((p) => p.id === row.requestedByUserId && p.email);
  if (requester?.email) return [requester.email];
  return people.filter((p) => p.companyRole === 'admin' && p.email).map((p) => p.email!);
}

/** A step's email (through the job queue), webhook and activity, in the step's transaction. */
export async function announce(
  tx: DbOrTx,
  deps: StepDeps & { activity?: ActivityService },
  step: { actor: Actor | null; row: repo.QuoteRow; kind: QuoteStep | 'closed'; description: string },
): Promise<QuoteView> {
  const { row, kind, actor } = step;
  const view = await viewOf(tx, deps, row, false);
  if (kind !== 'closed') {
    const to = kind === 'sent' || kind === 'expired' ? await dealerEmails(tx, row) : [deps.email.to];
    if (to.length > 0) await deps.mail.enqueue(quoteEmail(kind, view, to, deps.email.from), tx);
  }
  await deps.events.publish(tx, STEP_EVENTS[kind], { quote: view });
  if (actor && deps.activity) await deps.activity.record(actor, { type: 'quote_updated', description: step.description, metadata: { quoteId: row.id, status: row.status } }, tx);
  return view;
}

/** Every hold of a quote's lines released: their boxes back on their lots. */
export async function releaseQuoteHolds(tx: DbOrTx, quoteId: number): Promise<void> {
  const lines = await repo.linesOf(tx, [quoteId]);
  await releaseHolds(tx, lines.map((l) => l.id));
}
