import { displayName } from '@common/domain/display-name';
import { emailReference } from '@common/domain/email-status';
import type { OutgoingEmail } from '../mail';

/**
 * The welcome email a new account gets ("welcome email implied"). It never
 * carries the password: email is not a safe channel for it, so the admin hands the
 * temporary password over and the user replaces it at first sign-in (docs/decisions/0021).
 */
export function welcomeEmail(
  user: { id: number; username: string; email: string; firstName: string | null; lastName: string | null },
  from: string,
): OutgoingEmail {
  const name = displayName(user);
  const text = [
    `Hello ${name},`,
    '',
    'An account has been created for you on the BOLD portal.',
    '',
    `Username: ${user.username}`,
    '',
    'Your administrator will give you a temporary password. When you first sign in,',
    'you will be asked to choose a password of your own.',
    '',
    'BOLD Tile & Stone',
  ].join('\n');
  return { kind: 'welcome', from, to: [user.email], subject: 'Your BOLD portal account', text, reference: emailReference.user(user.id) };
}
