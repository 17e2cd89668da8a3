import { sql } from 'drizzle-orm';
import type { EmailStatus } from '@common/domain/email-status';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../../test/api';
import { activityLogs, idempotencyKeys, emailOutbox, rateLimits } from '../db/schema';
import { runRetentionOnce } from './retention';

const ctx = useTestApp();
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

beforeEach(async () => {
  await ctx.db.delete(activityLogs);
  await ctx.db.delete(emailOutbox);
  await ctx.db.delete(rateLimits);
  await ctx.db.delete(idempotencyKeys);
});

const email = (subject: string, status: EmailStatus, age: number) => ({
  kind: 'test',
  fromAddress: 'a@bold.test',
  toAddresses: ['b@bold.test'],
  subject,
  textBody: 'x',
  status,
  createdAt: daysAgo(age),
  sentAt: status === 'sent' ? daysAgo(age) : null,
});

describe('retention', () => {
  it('deletes activity older than the setting and keeps the rest', async () => {
    await ctx.db.insert(activityLogs).values([
      { type: 'login', description: 'old', createdAt: daysAgo(731) },
      { type: 'login', description: 'just inside', createdAt: daysAgo(729) },
      { type: 'login', description: 'today', createdAt: daysAgo(0) },
    ]);
    const removed = await runRetentionOnce(ctx.db, { activityDays: 730, sentEmailDays: 90 });
    expect(removed.activity).toBe(1);
    const left = await ctx.db.select({ d: activityLogs.description }).from(activityLogs);
    expect(left.map((r) => r.d).sort()).toEqual(['just inside', 'today']);
  });

  it('deletes sent emails older than the setting, never pending or failed ones', async () => {
    await ctx.db.insert(emailOutbox).values([
      email('sent long ago', 'sent', 91),
      email('sent recently', 'sent', 89),
      email('failed long ago', 'failed', 400),
      email('pending long ago', 'pending', 400),
    ]);
    const removed = await runRetentionOnce(ctx.db, { activityDays: 730, sentEmailDays: 90 });
    expect(removed.sentEmails).toBe(1);
    const left = await ctx.db.select({ s: emailOutbox.subject }).from(emailOutbox);
    expect(left.map((r) => r.s).sort()).toEqual(['failed long ago', 'pending long ago', 'sent recently']);
  });

  it('deletes limiter rows once their window or block is over', async () => {
    const minutes = (m: number) => Date.now() + m * 60_000;
    await ctx.db.insert(rateLimits).values([
      { key: 'login-failures-pair:expired', points: 3, expire: minutes(-5) },
      { key: 'login-failures-pair:block over', points: 10, expire: minutes(-1) },
      { key: 'login-failures-pair:counting', points: 3, expire: minutes(10) },
      { key: 'login-known:10.0.0.1:someone', points: 1, expire: minutes(29 * 24 * 60) },
    ]);
    const removed = await runRetentionOnce(ctx.db, { activityDays: 730, sentEmailDays: 90 });
    expect(removed.throttles).toBe(2);
    const left = await ctx.db.select({ k: rateLimits.key }).from(rateLimits);
    expect(left.map((r) => r.k).sort()).toEqual(['login-failures-pair:counting', 'login-known:10.0.0.1:someone']);
  });

  it('deletes Idempotency-Key answers after a day', async () => {
    const user = await createUser(ctx.db);
    const actor = `user:${user.id}`;
    await ctx.db.insert(idempotencyKeys).values([
      { actor, key: 'old', requestHash: 'r', claim: 'c', statusCode: 200, createdAt: sql`now() - interval '25 hours'` },
      { actor, key: 'new', requestHash: 'r', claim: 'c', statusCode: 200 },
    ]);
    expect((await runRetentionOnce(ctx.db, { activityDays: 730, sentEmailDays: 90 })).idempotencyKeys).toBe(1);
    expect((await ctx.db.select({ k: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.k)).toEqual(['new']);
  });

  it('0 keeps everything', async () => {
    await ctx.db.insert(activityLogs).values({ type: 'login', description: 'ancient', createdAt: daysAgo(5000) });
    await ctx.db.insert(emailOutbox).values(email('ancient', 'sent', 5000));
    const removed = await runRetentionOnce(ctx.db, { activityDays: 0, sentEmailDays: 0 });
    expect(removed).toMatchObject({ activity: 0, sentEmails: 0 });
  });
});
