import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@common/contracts/users';
import { useTestApp } from '../../../../test/api';
import { signedInAdmin } from '../../../../test/integrations';
import { users } from '../../db/schema';

/** Addresses as RFC 6531 and IDNA allow them, and still no garbage. */
const ctx = useTestApp();

describe('international email addresses', () => {
  it('accepts an IDN domain and a non-ASCII local part on the user forms', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const created = await client.post('/api/users', { username: 'zoe', password: 'Tilework7', email: 'zoe@fliesen-müller.example' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().email).toBe('zoe@fliesen-müller.example');
    const changed = await client.patch(`/api/users/${created.json().id}`, { email: 'zoë@例子.广告' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'zoe'));
    expect(row!.email).toBe('zoë@例子.广告');
  });

  it('keeps refusing garbage with the spec message', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    for (const email of ['zoe@', 'zoe müller@example.com', 'zoe@example', '"zoe"@example.com']) {
      const refused = await client.post('/api/users', { username: `bad${Math.random().toString(36).slice(2, 8)}`, password: 'Tilework7', email });
      expect(refused.statusCode, email).toBe(400);
      expect(refused.json().message).toBe(USER_MESSAGES.invalidEmail);
    }
  });
});
