import { EMAIL_CHANGE_HOURS } from '@common/contracts/email-change';
import { emailReference } from '@common/domain/email-status';
import type { OutgoingEmail } from '../mail';

/*
 * The two emails of an email change (docs/decisions/0203): the link to the new address, and a
 * notice to the address the account has now, so its owner hears of a change they did not ask for.
 */

export function confirmLinkEmail(user: { id: number; username: string }, to: string, link: string, from: string): OutgoingEmail {
  const text = [
    'Hello,',
    '',
    `The BOLD portal user ${user.username} asked to use this address for portal email.`,
    'To confirm, sign in as that user and open this link:',
    '',
    link,
    '',
    `The link works once, for ${EMAIL_CHANGE_HOURS} hours. Until it is opened, no portal email is sent here.`,
    'If you did not ask for this, ignore this email: nothing changes.',
    '',
    'BOLD Tile & Stone',
  ].join('\n');
  return { kind: 'email_change_confirm', from, to: [to], subject: 'Confirm your new email address for the BOLD portal', text, reference: emailReference.user(user.id) };
}

export function changeRequestedNotice(user: { id: number; username: string }, to: string, newEmail: string, from: string): OutgoingEmail {
  const text = [
    'Hello,',
    '',
    `Someone signed in as ${user.username} on the BOLD portal asked to change the account's email address to ${newEmail}.`,
    'Portal email keeps coming to this address until a link sent to the new address is opened.',
    '',
    'If this was not you, change your password and tell your BOLD administrator.',
    '',
    'BOLD Tile & Stone',
  ].join('\n');
  return { kind: 'email_change_notice', from, to: [to], subject: 'An email change was requested for your BOLD portal account', text, reference: emailReference.user(user.id) };
}
