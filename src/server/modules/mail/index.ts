/** The mail module's public entry: other modules, jobs and app.ts import only this file. */
export { claimDueEmails, markAttemptFailed, markSent, type OutboxRow } from './delivery-repository';
export type { OutgoingEmail } from './outbox-repository';
export { createMailOutbox, type MailOutbox } from './service';
