import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_MESSAGES,
  type EmailChangeBody,
  type EmailChangeState,
  type EmailConfirmBody,
  type EmailConfirmResponse,
} from '@common/contracts/email-change';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import type { MailOutbox } from '../mail';
import { changeRequestedNotice, confirmLinkEmail } from './email-change-emails';
import { findOpenChange, lockChangeByToken, markChangeUsed, replaceChange } from './email-change-repository';
import { findLiveUser, updateUser } from './repository';

export type EmailChanges = ReturnType<typeof createEmailChanges>;

/** The link's token is kept only as its SHA-256: a copy of the database confirms nothing. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A user's own email change (docs/decisions/0203): the current password, then a single-use link to
 * the new address, valid EMAIL_CHANGE_HOURS. Until it is opened `users.email` keeps the confirmed
 * address, so no portal mail (order copies, notify me) goes to the new one.
 */
export function createEmailChanges(deps: {
  db: Db;
  activity: ActivityService;
  mail: Pick<MailOutbox, 'enqueue'>;
  mailFrom: string;
  /** The portal's address for the link (config PUBLIC_URL), never the request's Host header. */
  publicUrl: string;
  /** The auth module's check: throttled like Change Password, a wrong password is a 400. */
  passwords: { checkCurrentPassword(userId: number, password: string): Promise<void> };
  now?: () => Date;
}) {
  const { db, activity } = deps;
  const now = deps.now ?? (() => new Date());

  async function state(userId: number, message?: string): Promise<EmailChangeState> {
    const user = await findLiveUser(db, userId);
    if (!user) throw new HttpError(401, 'Please log in to continue');
    const open = await findOpenChange(db, userId);
    const pending = open && open.expiresAt > now() ? { email: open.newEmail, expiresAt: open.expiresAt.toISOString() } : null;
    return { email: user.email, pending, ...(message ? { message } : {}) };
  }

  return {
    /** GET /api/user/email-change: the confirmed address and the change waiting for its link. */
    state: (actor: Actor) => state(actor.userId),

    /** POST /api/user/email-change: password checked, link queued to the new address, notice to the old one. */
    async request(actor: Actor, body: EmailChangeBody): Promise<EmailChangeState> {
      const user = await findLiveUser(db, actor.userId);
      if (!user) throw new HttpError(401, 'Please log in to continue');
      if (sameAddress(user.email, body.email)) {
        throw new HttpError(400, EMAIL_CHANGE_MESSAGES.sameAsCurrent, [{ path: 'email', message: EMAIL_CHANGE_MESSAGES.sameAsCurrent }]);
      }
      await deps.passwords.checkCurrentPassword(user.id, body.currentPassword);
      const token = randomBytes(32).toString('base64url');
      const link = new URL(`/confirm-email?token=${token}`, deps.publicUrl).toString();
      await db.transaction(async (tx) => {
        await replaceChange(tx, {
          userId: user.id,
          newEmail: body.email,
          tokenHash: hashToken(token),
          expiresAt: new Date(now().getTime() + EMAIL_CHANGE_HOURS * 3_600_000),
        });
        await deps.mail.enqueue(confirmLinkEmail(user, body.email, link, deps.mailFrom), tx);
        if (user.email) await deps.mail.enqueue(changeRequestedNotice(user, user.email, body.email, deps.mailFrom), tx);
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${user.username} asked to change their email address (link sent to the new address)`,
            targetUserId: user.id,
            metadata: { action: 'email_change_requested' },
          },
          tx,
        );
      });
      return state(user.id, EMAIL_CHANGE_MESSAGES.sent(body.email));
    },

    /** POST /api/user/email-change/confirm: the signed-in owner opens the link; it works once. */
    async confirm(actor: Actor, body: EmailConfirmBody): Promise<EmailConfirmResponse> {
      return db.transaction(async (tx) => {
        const change = await lockChangeByToken(tx, hashToken(body.token));
        // Another account's link reads as unknown: it says nothing about that account.
        if (!change || change.userId !== actor.userId) throw new HttpError(400, EMAIL_CHANGE_MESSAGES.invalidLink);
        if (change.usedAt) throw new HttpError(400, EMAIL_CHANGE_MESSAGES.usedLink);
        if (change.expiresAt <= now()) throw new HttpError(400, EMAIL_CHANGE_MESSAGES.expiredLink);
        const updated = await updateUser(tx, actor.userId, { email: change.newEmail });
        if (!updated) throw new HttpError(400, EMAIL_CHANGE_MESSAGES.invalidLink);
        await markChangeUsed(tx, change.id);
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${updated.username} confirmed their new email address`,
            targetUserId: updated.id,
            metadata: { action: 'email_change_confirmed', fields: ['email'] },
          },
          tx,
        );
        return { message: EMAIL_CHANGE_MESSAGES.confirmed(change.newEmail), email: change.newEmail };
      });
    },
  };
}
