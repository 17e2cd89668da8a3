import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../test/cart-fixtures';
import { closedSmtpUrl, mailHeader, startSmtp } from '../../../test/smtp-server';
import { emailOutbox } from '../db/schema';
import { createMailOutbox } from '../modules/mail';
import PgBoss from 'pg-boss';
import { jobDb, QUEUES, retryDelayMs } from '../lib/jobs';
import { createOutboxSender, OUTBOX_POLICY, smtpTransport } from './outbox-sender';

const ctx = useTestApp({ ORDER_EMAIL_FROM: 'orders@bold.test', ORDER_EMAIL_TO: 'desk@bold.test' });

const smtp = startSmtp();
let smtpUrl = '';

beforeAll(async () => {
  smtpUrl = await smtp.listen();
  await insertCatalogue(ctx.db);
});
afterAll(async () => smtp.close());
beforeEach(async () => {
  await ctx.db.delete(emailOutbox);
  await ctx.db.execute(sql`delete from pgboss.job where name = 'email'`);
  smtp.received.length = 0;
  smtp.state.rejectNext = 0;
  smtp.state.delayMs = 0;
});

const queue = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      createMailOutbox(ctx.db).enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject: `Message ${i}`, text: `Body ${i}` }),
    ),
  );

describe('outbox sender over SMTP', () => {
  it('delivers a placed order’s confirmation from the fixed sender to the fixed recipient with the user in cc', async () => {
    const user = await createUser(ctx.db, { role: 'bold_customer', email: 'buyer@dealer.test' });
    const client = await new TestClient(ctx.app).signInAs(user);
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
    const order = (await client.post('/api/orders', { items: [{ productId: CATALOGUE.plenty.id, quantity: 2 }] })).json();

    const sender = createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) });
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.from).toBe('orders@bold.test');
    expect(message.recipients.sort()).toEqual(['buyer@dealer.test', 'desk@bold.test']);
    expect(mailHeader(message.raw, 'From')).toBe('orders@bold.test');
    expect(mailHeader(message.raw, 'To')).toBe('desk@bold.test');
    expect(mailHeader(message.raw, 'Cc')).toBe('buyer@dealer.test');
    expect(mailHeader(message.raw, 'Subject')).toBe(`Purchase Order #${order.id} from ${user.username}`);
    expect(message.raw).toContain(CATALOGUE.plenty.name);

    const [row] = await ctx.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a message the server refuses for now and retries it after the back-off', async () => {
    const [id] = await queue(1);
    smtp.state.rejectNext = 1;
    const sender = createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) });
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    const [pending] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.lastError).toContain('451');
    // The retry is a new pg-boss job, due after the first back-off step.
    const job = await ctx.db.execute<{ start_after: Date }>(sql`select start_after from pgboss.job where id = ${pending!.jobId} and state = 'created'`);
    const waitMs = new Date(job.rows[0]!.start_after).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThanOrEqual(61_000);

    // Not due yet: nothing happens.
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    // Once due, it goes out.
    await ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${pending!.jobId}`);
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
    const [sent] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps messages when the SMTP server is down', async () => {
    await queue(2);
    const sender = createOutboxSender({ db: ctx.db, transport: smtpTransport(await closedSmtpUrl()) });
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 2, gaveUp: 0 });
    const rows = await ctx.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true);
  });

  it('marks a message failed after the last attempt but keeps it', async () => {
    const [id] = await queue(1);
    await ctx.db.update(emailOutbox).set({ attempts: OUTBOX_POLICY.maxAttempts - 1 }).where(eq(emailOutbox.id, id!));
    smtp.state.rejectNext = 1;
    const sender = createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) });
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 1 });
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_POLICY.maxAttempts });
  });

  it('never sends a message twice when two app servers run senders at once', async () => {
    await queue(12);
    smtp.state.delayMs = 20;
    const senders = [0, 1, 2].map(() => createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl), batchSize: 2 }));
    const drain = async (sender: (typeof senders)[number]) => {
      for (;;) {
        const r = await sender.runOnce();
        if (r.sent + r.retrying + r.gaveUp === 0) return;
      }
    };
    await Promise.all(senders.map(drain));
    const subjects = smtp.received.map((m) => mailHeader(m.raw, 'Subject'));
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    const rows = await ctx.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('email jobs on pg-boss', () => {
  const jobsOfEmails = async () => (await ctx.db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'email'`)).rows;

  it('queues nothing when the transaction that wrote the email rolls back', async () => {
    const mail = createMailOutbox(ctx.db);
    await expect(
      ctx.db.transaction(async (tx) => {
        await mail.enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject: 'Never', text: 'Never' }, tx);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await ctx.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await jobsOfEmails()).toHaveLength(0);
    expect(await createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) }).runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives the job of a sender that died mid-send to another sender once its lease has run out', async () => {
    const [id] = await queue(1);
    // A sender takes the job and dies: it neither completes nor fails it.
    const dead = new PgBoss({ db: jobDb(ctx.db) });
    const [taken] = await dead.fetch(QUEUES.email);
    expect(taken).toBeDefined();
    const sender = createOutboxSender({ db: ctx.db, transport: smtpTransport(smtpUrl) });
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    // The lease is 5 minutes and the retry 30 s later in production (migration 0026); shortened here,
    // then pg-boss's maintenance (every server runs it) expires the lease.
    await ctx.db.execute(sql`update pgboss.job set expire_in = interval '1 second', retry_delay = 0 where id = ${taken!.id}`);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await dead.expire();
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('back-off schedule', () => {
  it('doubles from a minute up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(OUTBOX_POLICY, n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});
