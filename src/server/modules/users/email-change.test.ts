import { EMAIL_CHANGE_MESSAGES } from '@common/contracts/email-change';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { confirmToken, decodedText } from '../../../../test/mail-text';
import { startSmtp } from '../../../../test/smtp-server';
import { emailChanges, emailOutbox, users } from '../../db/schema';
import { createOutboxSender, smtpTransport } from '../../jobs/outbox-sender';

/* docs/decisions/0203: an email change needs the current password and a link opened from the new address. */

const ctx = useTestApp({ PUBLIC_URL: 'https://portal.bold.test' });
const smtp = startSmtp();
let smtpUrl = '';

beforeAll(async () => {
  smtpUrl = await smtp.listen();
});
afterAll(async () => smtp.close());
beforeEach(async () => {
  await ctx.db.delete(emailOutbox);
  smtp.received.length = 0;
});

const emailOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!.email;

/** Delivers the outbox over real SMTP and answers what arrived. */
async function deliver() {
  await createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) }).runOnce();
  return smtp.received;
}

async function dealer(email = `old.${Math.random().toString(36).slice(2, 8)}@dealer.test`) {
  const user = await createUser(ctx.db, { role: 'bold_customer', email });
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

describe('POST /api/user/email-change', () => {
  it('refuses a wrong current password with a sentence and changes nothing, mails nobody', async () => {
    const { user, client } = await dealer();
    const response = await client.post('/api/user/email-change', { email: 'someone.else@victim.test', currentPassword: 'not-it' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Current password is incorrect', errors: [{ path: 'currentPassword' }] });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(emailOutbox)).toEqual([]);
  });

  it('refuses a missing password, a bad address and the address it already has with 400s', async () => {
    const { user, client } = await dealer('same@dealer.test');
    const missing = await client.post('/api/user/email-change', { email: 'new@dealer.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'currentPassword', message: 'Current password is required' });
    const bad = await client.post('/api/user/email-change', { email: 'not-an-email', currentPassword: user.password });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email');
    const same = await client.post('/api/user/email-change', { email: ' SAME@dealer.test ', currentPassword: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(EMAIL_CHANGE_MESSAGES.sameAsCurrent);
    const huge = await client.post('/api/user/email-change', { email: `${'a'.repeat(5000)}@x.test`, currentPassword: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(await ctx.db.select().from(emailOutbox)).toEqual([]);
  });

  it('keeps the old address until the link sent to the new one is opened, and tells the old address', async () => {
    const { user, client } = await dealer();
    const response = await client.request({
      method: 'POST',
      url: '/api/user/email-change',
      headers: { host: 'evil.example' },
      json: { email: 'new@dealer.test', currentPassword: user.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, pending: { email: 'new@dealer.test' }, message: EMAIL_CHANGE_MESSAGES.sent('new@dealer.test') });
    expect(Date.parse(response.json().pending.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(Date.parse(response.json().pending.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    // Nothing changed yet: the account, the session's user and the profile keep the confirmed address.
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await client.get('/api/user')).json().email).toBe(user.email);
    expect((await client.get('/api/user/email-change')).json()).toMatchObject({ email: user.email, pending: { email: 'new@dealer.test' } });

    const received = await deliver();
    expect(received.map((m) => m.recipients).sort()).toEqual([[user.email], ['new@dealer.test']].sort());
    const link = received.find((m) => m.recipients.includes('new@dealer.test'))!;
    const notice = received.find((m) => m.recipients.includes(user.email!))!;
    expect(decodedText(notice.raw)).toContain('new@dealer.test');
    expect(notice.raw).not.toContain('confirm-email');
    // The link starts with PUBLIC_URL, never with the Host header the request sent.
    expect(decodedText(link.raw)).toContain('https://portal.bold.test/confirm-email?token=');
    expect(link.raw).not.toContain('evil.example');

    // Only the token's hash is stored.
    const token = confirmToken(link.raw);
    const [stored] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await client.post('/api/user/email-change/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.confirmed('new@dealer.test'), email: 'new@dealer.test' });
    expect(await emailOf(user.id)).toBe('new@dealer.test');
    expect((await client.get('/api/user')).json().email).toBe('new@dealer.test');
    expect((await client.get('/api/user/email-change')).json()).toMatchObject({ email: 'new@dealer.test', pending: null });

    // Single use.
    const again = await client.post('/api/user/email-change/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(EMAIL_CHANGE_MESSAGES.usedLink);
  });

  it('answers an expired link, another account\'s link and a made-up one with a sentence, and changes nothing', async () => {
    const { user, client } = await dealer();
    const other = await dealer();
    await client.post('/api/user/email-change', { email: 'later@dealer.test', currentPassword: user.password });
    const token = confirmToken((await deliver()).find((m) => m.recipients.includes('later@dealer.test'))!.raw);

    const theirs = await other.client.post('/api/user/email-change/confirm', { token });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(EMAIL_CHANGE_MESSAGES.invalidLink);
    expect(await emailOf(other.user.id)).toBe(other.user.email);

    const madeUp = await client.post('/api/user/email-change/confirm', { token: 'x'.repeat(43) });
    expect(madeUp.json().message).toBe(EMAIL_CHANGE_MESSAGES.invalidLink);
    expect((await client.post('/api/user/email-change/confirm', { token: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await client.post('/api/user/email-change/confirm', {})).statusCode).toBe(400);

    await ctx.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, user.id));
    const expired = await client.post('/api/user/email-change/confirm', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(EMAIL_CHANGE_MESSAGES.expiredLink);
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await client.get('/api/user/email-change')).json().pending).toBeNull();
  });

  it('works only signed in as the account: a signed-out visitor with the token is refused', async () => {
    const { user, client } = await dealer();
    await client.post('/api/user/email-change', { email: 'mine@dealer.test', currentPassword: user.password });
    const token = confirmToken((await deliver()).find((m) => m.recipients.includes('mine@dealer.test'))!.raw);
    expect((await new TestClient(ctx.app).post('/api/user/email-change/confirm', { token })).statusCode).toBe(401);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('a second request replaces the first: only the newest link works', async () => {
    const { user, client } = await dealer();
    await client.post('/api/user/email-change', { email: 'first@dealer.test', currentPassword: user.password });
    await client.post('/api/user/email-change', { email: 'second@dealer.test', currentPassword: user.password });
    const received = await deliver();
    const first = confirmToken(received.find((m) => m.recipients.includes('first@dealer.test'))!.raw);
    const second = confirmToken(received.find((m) => m.recipients.includes('second@dealer.test'))!.raw);
    expect((await client.post('/api/user/email-change/confirm', { token: first })).json().message).toBe(EMAIL_CHANGE_MESSAGES.invalidLink);
    expect((await client.post('/api/user/email-change/confirm', { token: second })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe('second@dealer.test');
  });
});

describe('the profile and the admin edit', () => {
  it('PATCH /api/user/profile refuses a new address (it goes through the link) and keeps the other fields as they were', async () => {
    const { user, client } = await dealer();
    const response = await client.patch('/api/user/profile', { email: 'someone.else@victim.test', phone: '555' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.profileEmail, errors: [{ path: 'email' }] });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, phone: null });
    expect((await client.patch('/api/user/profile', { email: user.email, phone: '555' })).statusCode).toBe(200);
  });

  it('an admin sets a user\'s address directly, and the user\'s pending link ends', async () => {
    const { user, client } = await dealer();
    await client.post('/api/user/email-change', { email: 'pending@dealer.test', currentPassword: user.password });
    const adminUser = await createUser(ctx.db, { role: 'admin' });
    const admin = await new TestClient(ctx.app).signInAs(adminUser, 'admin');
    expect((await admin.patch(`/api/users/${user.id}`, { email: 'set.by.admin@dealer.test' })).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe('set.by.admin@dealer.test');
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
  });
});
