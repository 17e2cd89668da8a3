/** The mail module's public entry: other modules, jobs and app.ts import only this file. */
export { findEmailForJob, markAttemptFailed, markSent, type OutboxRow } from './delivery-repository';
export { EMAIL_KIND_NAMES, emailKindName, type EmailKind } from './email-kinds';
export { createEmailsService, type EmailsService } from './emails-service';
export type { OutgoingEmail } from './outbox-repository';
export { emailRoutes } from './routes';
export { createMailOutbox, type MailOutbox } from './service';
