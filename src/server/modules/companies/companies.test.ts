import { COMPANY_MESSAGES } from '@common/contracts/companies';
import { USER_MESSAGES } from '@common/contracts/users';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, carts, companies, companyLocations, users, webhookDeliveries } from '../../db/schema';

/*
 * Companies, locations and buyers (docs/decisions/0230): the admin screens' and the ERP's calls, a
 * company admin's own company, and the rule that a dealer never reads or writes another company.
 */

const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', ALLOW_REGISTRATION: 'true' });
const client = () => new TestClient(ctx.app);
let admin: TestClient;

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter += 1)}`;

const ADDRESS = { name: 'Main Showroom', contactName: 'Pat Lee', phone: '714-555-0100', street: '1 Harbor Blvd', city: 'Costa Mesa', state: 'CA', zip: '92626' };

async function newCompany(body: Record<string, unknown> = {}) {
  const response = await admin.post('/api/companies', { name: unique('Company'), ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string; accountNumber: string | null };
}

/** A dealer account put in the company by the admin screen's Add buyer; signed in. */
async function dealerIn(companyId: number, companyRole: 'admin' | 'buyer' | 'requester') {
  const user = await createUser(ctx.db, { role: 'bold_customer' });
  const added = await admin.post(`/api/companies/${companyId}/buyers`, { userId: user.id, companyRole });
  expect(added.statusCode, added.body).toBe(200);
  return { user, c: await client().signInAs(user) };
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});

describe('companies: create, edit, search', () => {
  it('creates a company with its fields, normalising the price group', async () => {
    const account = `A-${randomUUID().slice(0, 8)}`;
    const created = await admin.post('/api/companies', {
      name: '  Harbor Tile  ',
      accountNumber: account,
      status: 'on_hold',
      priceGroup: ' Gold ',
      paymentTerms: 'Net 30',
      notes: 'Deliveries before 10',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Harbor Tile', accountNumber: account, status: 'on_hold', priceGroup: 'gold', paymentTerms: 'Net 30', buyerCount: 0 });
    const detail = await admin.get(`/api/companies/${created.json().id}`);
    expect(detail.json()).toMatchObject({ company: { id: created.json().id }, locations: [], buyers: [] });
  });

  it('refuses a blank name and a bad status with a clear 400 and creates nothing', async () => {
    const before = (await ctx.db.select().from(companies)).length;
    const blank = await admin.post('/api/companies', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual(expect.arrayContaining([{ path: 'name', message: COMPANY_MESSAGES.nameRequired }]));
    const status = await admin.post('/api/companies', { name: 'X', status: 'bankrupt' });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors[0]).toMatchObject({ path: 'status', message: 'Status must be active, on_hold or closed' });
    expect((await ctx.db.select().from(companies)).length).toBe(before);
  });

  it('keeps account numbers unique ignoring case: 409 with the message, on create and on edit', async () => {
    const account = `acct-${randomUUID().slice(0, 8)}`;
    const first = await newCompany({ accountNumber: account });
    const again = await admin.post('/api/companies', { name: 'Other', accountNumber: account.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: COMPANY_MESSAGES.accountNumberTaken, errors: [{ path: 'accountNumber', message: COMPANY_MESSAGES.accountNumberTaken }] });
    const other = await newCompany();
    const edit = await admin.patch(`/api/companies/${other.id}`, { accountNumber: account.toUpperCase() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(COMPANY_MESSAGES.accountNumberTaken);
    // The company's own number in another case is not a clash.
    const own = await admin.patch(`/api/companies/${first.id}`, { accountNumber: account.toUpperCase() });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().accountNumber).toBe(account.toUpperCase());
  });

  it('edits only the fields sent and clears a field sent blank', async () => {
    const company = await newCompany({ paymentTerms: 'Net 15', notes: 'keep', priceGroup: 'silver' });
    const edited = await admin.patch(`/api/companies/${company.id}`, { status: 'closed', paymentTerms: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: company.name, status: 'closed', paymentTerms: null, notes: 'keep', priceGroup: 'silver' });
    expect((await admin.patch('/api/companies/99999999', { status: 'active' })).statusCode).toBe(404);
  });

  it('searches by name and account number, a page at a time', async () => {
    const tag = randomUUID().slice(0, 6);
    for (let i = 0; i < 3; i += 1) await newCompany({ name: `Search ${tag} ${i}`, accountNumber: `S${tag}-${i}` });
    const byName = await admin.get(`/api/companies?search=${encodeURIComponent(`search ${tag}`)}&pageSize=2`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byName.json().companies.map((c: { name: string }) => c.name)).toEqual([`Search ${tag} 0`, `Search ${tag} 1`]);
    const second = await admin.get(`/api/companies?search=${encodeURIComponent(`search ${tag}`)}&pageSize=2&page=2`);
    expect(second.json().companies.map((c: { name: string }) => c.name)).toEqual([`Search ${tag} 2`]);
    const byAccount = await admin.get(`/api/companies?search=s${tag}-1`);
    expect(byAccount.json().companies.map((c: { name: string }) => c.name)).toEqual([`Search ${tag} 1`]);
    const bad = await admin.get('/api/companies?pageSize=1000');
    expect(bad.statusCode).toBe(400);
  });
});

describe('locations', () => {
  it('keeps one default per kind: the first is the default, a new default takes it, deleting it passes it on', async () => {
    const company = await newCompany();
    const add = (body: Record<string, unknown>) => admin.post(`/api/companies/${company.id}/locations`, { ...ADDRESS, ...body });
    const first = await add({ name: 'First' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'ship_to', isDefault: true, name: 'First', street2: null });
    expect((await add({ name: 'Second', isDefault: true })).json().isDefault).toBe(true);
    const billing = await add({ name: 'Billing', kind: 'bill_to' });
    expect(billing.json()).toMatchObject({ kind: 'bill_to', isDefault: true });
    const defaults = async () =>
      (await admin.get(`/api/companies/${company.id}/locations`)).json().locations.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { name: string }) => l.name);
    expect((await defaults()).sort()).toEqual(['Billing', 'Second']);

    const edited = await admin.patch(`/api/companies/${company.id}/locations/${first.json().id}`, { ...ADDRESS, name: 'First renamed', street2: 'Suite 5', isDefault: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'First renamed', street2: 'Suite 5', isDefault: true });
    expect((await defaults()).sort()).toEqual(['Billing', 'First renamed']);

    expect((await admin.delete(`/api/companies/${company.id}/locations/${first.json().id}`)).statusCode).toBe(200);
    expect((await defaults()).sort()).toEqual(['Billing', 'Second']);
    expect((await admin.delete(`/api/companies/${company.id}/locations/${first.json().id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/companies/${company.id}`)).json().locations.map((l: { name: string }) => l.name).sort()).toEqual(['Billing', 'Second']);
  });

  it('answers a bad address with the checkout\'s messages and saves nothing', async () => {
    const company = await newCompany();
    const bad = await admin.post(`/api/companies/${company.id}/locations`, { ...ADDRESS, street: '', state: 'XX', kind: 'home' });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['kind', 'state', 'street']);
    expect(await ctx.db.select().from(companyLocations).where(eq(companyLocations.companyId, company.id))).toEqual([]);
  });

  it('does not touch a location through another company\'s id', async () => {
    const a = await newCompany();
    const b = await newCompany();
    const location = (await admin.post(`/api/companies/${a.id}/locations`, ADDRESS)).json();
    expect((await admin.patch(`/api/companies/${b.id}/locations/${location.id}`, ADDRESS)).statusCode).toBe(404);
    expect((await admin.delete(`/api/companies/${b.id}/locations/${location.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/companies/${a.id}/locations`)).json().locations).toHaveLength(1);
  });
});

describe('buyers', () => {
  it('adds an existing dealer, moving them from their company, whose next buyer becomes its admin', async () => {
    const from = await newCompany();
    const { user: leaving } = await dealerIn(from.id, 'admin');
    const { user: staying } = await dealerIn(from.id, 'buyer');
    const to = await newCompany();
    await dealerIn(to.id, 'admin');
    const moved = await admin.post(`/api/companies/${to.id}/buyers`, { userId: leaving.id, companyRole: 'requester' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: leaving.id, companyRole: 'requester', spendingLimit: null });
    expect(await userRow(leaving.id)).toMatchObject({ companyId: to.id, companyRole: 'requester' });
    expect(await userRow(staying.id)).toMatchObject({ companyId: from.id, companyRole: 'admin' });
    expect((await admin.post(`/api/companies/${to.id}/buyers`, { userId: leaving.id })).statusCode).toBe(409);
  });

  it('adds only BOLD Customer accounts', async () => {
    const company = await newCompany();
    const rep = await createUser(ctx.db, { role: 'salesperson' });
    const refused = await admin.post(`/api/companies/${company.id}/buyers`, { userId: rep.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COMPANY_MESSAGES.notADealer);
    expect((await userRow(rep.id)).companyId).toBeNull();
    expect((await admin.post(`/api/companies/${company.id}/buyers`, { userId: 99999999 })).statusCode).toBe(404);
  });

  it('creates a new buyer with a temporary password, role and spending limit', async () => {
    const company = await newCompany();
    await dealerIn(company.id, 'admin');
    const username = `buyer${Date.now().toString(36)}`;
    const created = await admin.post(`/api/companies/${company.id}/buyers/new`, {
      username,
      password: 'Temporary123',
      firstName: 'Ana',
      email: `${username}@example.com`,
      companyRole: 'buyer',
      spendingLimit: '1500',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ username, companyRole: 'buyer', spendingLimit: '1500.00' });
    expect(await userRow(created.json().id)).toMatchObject({ role: 'bold_customer', companyId: company.id, isTemporaryPassword: true });
    const taken = await admin.post(`/api/companies/${company.id}/buyers/new`, { username, password: 'Temporary123' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(USER_MESSAGES.usernameTaken);
  });

  it('changes roles and spending limits, and keeps a company admin', async () => {
    const company = await newCompany();
    const { user: boss } = await dealerIn(company.id, 'admin');
    const { user: buyer } = await dealerIn(company.id, 'buyer');
    const url = (id: number) => `/api/companies/${company.id}/buyers/${id}`;
    expect((await admin.patch(url(buyer.id), { spendingLimit: 2500.5 })).json()).toMatchObject({ spendingLimit: '2500.50' });
    expect((await admin.patch(url(buyer.id), { spendingLimit: null })).json()).toMatchObject({ spendingLimit: null });
    const bad = await admin.patch(url(buyer.id), { spendingLimit: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(COMPANY_MESSAGES.badSpendingLimit);
    const lastAdmin = await admin.patch(url(boss.id), { companyRole: 'buyer' });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toBe(COMPANY_MESSAGES.needsAdmin);
    expect((await admin.patch(url(buyer.id), { companyRole: 'admin' })).json().companyRole).toBe('admin');
    expect((await admin.patch(url(boss.id), { companyRole: 'requester' })).json().companyRole).toBe('requester');
    expect((await admin.patch(url(buyer.id), { companyRole: 'owner' })).statusCode).toBe(400);
  });

  it('moves a buyer out into a company of their own, as its admin', async () => {
    const company = await newCompany();
    const { user: boss } = await dealerIn(company.id, 'admin');
    const { user: other } = await dealerIn(company.id, 'buyer');
    const out = await admin.delete(`/api/companies/${company.id}/buyers/${boss.id}`);
    expect(out.statusCode, out.body).toBe(200);
    const own = out.json().companyId as number;
    expect(own).not.toBe(company.id);
    expect(await userRow(boss.id)).toMatchObject({ companyId: own, companyRole: 'admin', spendingLimit: null });
    expect(await userRow(other.id)).toMatchObject({ companyId: company.id, companyRole: 'admin' });
    expect((await admin.delete(`/api/companies/${company.id}/buyers/${boss.id}`)).statusCode).toBe(404);
  });

  it("takes the buyer's POs along, private again, and a PO waiting for approval back to a draft", async () => {
    const from = await newCompany();
    const { user: mover, c: moverClient } = await dealerIn(from.id, 'buyer');
    const { c: colleague } = await dealerIn(from.id, 'buyer');
    const made = await moverClient.post('/api/carts', { name: 'Lobby job' });
    expect(made.statusCode, made.body).toBe(201);
    const poId = (made.json() as { id: number }).id;
    await ctx.db.update(carts).set({ sharedWithCompany: true, approvalStatus: 'pending', submittedAt: new Date() }).where(eq(carts.id, poId));
    expect(((await colleague.get('/api/carts/shared')).json() as { id: number }[]).map((c) => c.id)).toContain(poId);

    const to = await newCompany();
    await dealerIn(to.id, 'admin');
    expect((await admin.post(`/api/companies/${to.id}/buyers`, { userId: mover.id, companyRole: 'buyer' })).statusCode).toBe(200);
    const rows = await ctx.db.select().from(carts).where(eq(carts.userId, mover.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ companyId: to.id, sharedWithCompany: false, approvalStatus: null, submittedAt: null });
    expect(((await colleague.get('/api/carts/shared')).json() as { id: number }[]).map((c) => c.id)).not.toContain(poId);
  });
});

describe('a dealer\'s own company (My company)', () => {
  it('shows the company and locations to everyone in it, the buyers only to the company admin', async () => {
    const company = await newCompany({ paymentTerms: 'Net 30' });
    await admin.post(`/api/companies/${company.id}/locations`, ADDRESS);
    const boss = await dealerIn(company.id, 'admin');
    const buyer = await dealerIn(company.id, 'buyer');
    const asBoss = await boss.c.get('/api/company');
    expect(asBoss.statusCode, asBoss.body).toBe(200);
    expect(asBoss.json()).toMatchObject({ company: { id: company.id, paymentTerms: 'Net 30' }, companyRole: 'admin', locations: [{ name: ADDRESS.name }] });
    expect(asBoss.json().buyers.map((b: { id: number }) => b.id).sort()).toEqual([boss.user.id, buyer.user.id].sort());
    const asBuyer = await buyer.c.get('/api/company');
    expect(asBuyer.json()).toMatchObject({ company: { id: company.id, buyerCount: 2 }, companyRole: 'buyer', buyers: null });
    const listed = (await admin.get(`/api/companies?search=${encodeURIComponent(company.name)}`)).json();
    expect(listed.companies).toMatchObject([{ id: company.id, buyerCount: 2 }]);
  });

  it('lets the company admin manage buyers and locations; a buyer or requester gets 403 on every write', async () => {
    const company = await newCompany();
    const boss = await dealerIn(company.id, 'admin');
    const buyer = await dealerIn(company.id, 'buyer');
    const requester = await dealerIn(company.id, 'requester');
    const username = `own${Date.now().toString(36)}`;
    const created = await boss.c.post('/api/company/buyers', { username, password: 'Temporary123', companyRole: 'requester', spendingLimit: 300 });
    expect(created.statusCode, created.body).toBe(200);
    expect(await userRow(created.json().id)).toMatchObject({ companyId: company.id, companyRole: 'requester', spendingLimit: '300.00', isTemporaryPassword: true });
    expect((await boss.c.patch(`/api/company/buyers/${buyer.user.id}`, { spendingLimit: '750' })).json().spendingLimit).toBe('750.00');
    const location = await boss.c.post('/api/company/locations', { ...ADDRESS, kind: 'bill_to' });
    expect(location.statusCode, location.body).toBe(200);
    expect((await boss.c.patch(`/api/company/locations/${location.json().id}`, { ...ADDRESS, name: 'AP', kind: 'bill_to' })).json().name).toBe('AP');
    // The company admin cannot leave the company without one.
    expect((await boss.c.patch(`/api/company/buyers/${boss.user.id}`, { companyRole: 'buyer' })).statusCode).toBe(409);

    for (const { c } of [buyer, requester]) {
      const writes = [
        await c.post('/api/company/buyers', { username: `x${Date.now().toString(36)}`, password: 'Temporary123' }),
        await c.patch(`/api/company/buyers/${c === buyer.c ? buyer.user.id : requester.user.id}`, { companyRole: 'admin' }),
        await c.post('/api/company/locations', ADDRESS),
        await c.patch(`/api/company/locations/${location.json().id}`, ADDRESS),
        await c.delete(`/api/company/locations/${location.json().id}`),
      ];
      for (const w of writes) {
        expect(w.statusCode).toBe(403);
        expect(w.json().message).toBe(COMPANY_MESSAGES.companyAdminOnly);
      }
    }
    expect(await userRow(buyer.user.id)).toMatchObject({ companyRole: 'buyer' });
    expect((await boss.c.delete(`/api/company/locations/${location.json().id}`)).statusCode).toBe(200);
  });

  it("lets the company admin say whether reps' orders need the company's confirmation; nobody else", async () => {
    const company = await newCompany();
    const boss = await dealerIn(company.id, 'admin');
    const buyer = await dealerIn(company.id, 'buyer');
    const set = await boss.c.patch('/api/company', { repOrdersNeedConfirmation: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: company.id, repOrdersNeedConfirmation: true });
    expect((await boss.c.get('/api/company')).json().company.repOrdersNeedConfirmation).toBe(true);
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.repOrdersNeedConfirmation).toBe(true);

    // A buyer may not; bad or extra input is a 400 with the message, and changes nothing.
    const refused = await buyer.c.patch('/api/company', { repOrdersNeedConfirmation: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPANY_MESSAGES.companyAdminOnly);
    const bad = await boss.c.patch('/api/company', { repOrdersNeedConfirmation: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose whether orders placed for you by reps need your confirmation');
    expect((await boss.c.patch('/api/company', { repOrdersNeedConfirmation: false, name: 'Renamed' })).statusCode).toBe(400);
    const [after] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(after).toMatchObject({ repOrdersNeedConfirmation: true, name: company.name });
  });

  it('answers 404 to an account outside any company (an admin acting as dealer)', async () => {
    const user = await createUser(ctx.db, { role: 'admin' });
    const asDealer = await client().signInAs(user, 'bold_customer');
    const response = await asDealer.get('/api/company');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(COMPANY_MESSAGES.noCompany);
  });
});

describe('isolation: a dealer never reads or writes another company', () => {
  it('refuses every companies route with 403 or 404 and leaves the other company as it was', async () => {
    const theirs = await newCompany({ name: unique('Secret Rival'), notes: 'rival notes' });
    const { user: rival } = await dealerIn(theirs.id, 'admin');
    const { user: rivalBuyer } = await dealerIn(theirs.id, 'buyer');
    const rivalLocation = (await admin.post(`/api/companies/${theirs.id}/locations`, ADDRESS)).json();
    const mine = await newCompany();
    const me = await dealerIn(mine.id, 'admin');
    const before = await admin.get(`/api/companies/${theirs.id}`);

    const T = theirs.id;
    const L = rivalLocation.id;
    const U = rivalBuyer.id;
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body: unknown, statuses: number[]][] = [
      ['GET', '/api/companies', undefined, [403]],
      ['POST', '/api/companies', { name: 'Mine now' }, [403]],
      ['GET', `/api/companies/${T}`, undefined, [403]],
      ['PATCH', `/api/companies/${T}`, { name: 'Taken over' }, [403]],
      ['GET', `/api/companies/${T}/locations`, undefined, [403]],
      ['POST', `/api/companies/${T}/locations`, ADDRESS, [403]],
      ['PATCH', `/api/companies/${T}/locations/${L}`, ADDRESS, [403]],
      ['DELETE', `/api/companies/${T}/locations/${L}`, undefined, [403]],
      ['POST', `/api/companies/${T}/buyers`, { userId: me.user.id }, [403]],
      ['POST', `/api/companies/${T}/buyers/new`, { username: 'sneaky1', password: 'Temporary123' }, [403]],
      ['PATCH', `/api/companies/${T}/buyers/${U}`, { companyRole: 'admin' }, [403]],
      ['DELETE', `/api/companies/${T}/buyers/${U}`, undefined, [403]],
      // The own-company routes take no company id: another company's buyer or location is not found.
      ['PATCH', `/api/company/buyers/${U}`, { companyRole: 'requester' }, [404]],
      ['PATCH', `/api/company/buyers/${rival.id}`, { spendingLimit: 1 }, [404]],
      ['PATCH', `/api/company/locations/${L}`, ADDRESS, [404]],
      ['DELETE', `/api/company/locations/${L}`, undefined, [404]],
    ];
    for (const [method, url, body, statuses] of calls) {
      const response = await me.c.request({ method, url, json: method === 'GET' ? undefined : (body ?? {}) });
      expect(statuses, `${method} ${url}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toContain(theirs.name);
      expect(response.body).not.toContain('rival notes');
      if (response.statusCode === 404) {
        expect([COMPANY_MESSAGES.buyerNotFound, COMPANY_MESSAGES.locationNotFound]).toContain(response.json().message);
      }
    }
    // Their own company answer names none of the rival's people or places.
    const own = await me.c.get('/api/company');
    expect(own.body).not.toContain(theirs.name);
    expect(own.body).not.toContain(rival.username);

    expect((await admin.get(`/api/companies/${T}`)).json()).toEqual(before.json());
    expect(await userRow(me.user.id)).toMatchObject({ companyId: mine.id });
  });
});

describe('the users module puts every dealer in a company', () => {
  it('Create User: companyId, else the company named alike ignoring case and spaces, else a new company of one', async () => {
    const company = await newCompany({ name: unique('Tile   Works') });
    await dealerIn(company.id, 'admin');
    const create = (body: Record<string, unknown>) =>
      admin.post('/api/users', { username: `u${Date.now().toString(36)}${(counter += 1)}`, password: 'Temporary123', role: 'bold_customer', ...body });

    const byId = await create({ companyId: company.id });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({ companyId: company.id, companyRole: 'buyer' });

    const byName = await create({ company: `  ${company.name.toUpperCase().replace(/\s+/g, '  ')} ` });
    expect(byName.json()).toMatchObject({ companyId: company.id, companyRole: 'buyer' });

    const fresh = await create({ company: unique('Brand New Tile') });
    expect(fresh.json().companyRole).toBe('admin');
    expect(fresh.json().companyId).not.toBe(company.id);
    const [own] = await ctx.db.select().from(companies).where(eq(companies.id, fresh.json().companyId));
    expect(own!.name).toMatch(/^Brand New Tile/);

    const unknown = await create({ companyId: 99999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'companyId', message: COMPANY_MESSAGES.notFound }]);

    const rep = await create({ role: 'salesperson', company: company.name, companyId: company.id });
    expect(rep.json()).toMatchObject({ companyId: null, companyRole: null });
  });

  it('a role change away from dealer takes them out of their company; back to dealer places them again', async () => {
    const company = await newCompany();
    await dealerIn(company.id, 'admin');
    const { user } = await dealerIn(company.id, 'buyer');
    await admin.patch(`/api/companies/${company.id}/buyers/${user.id}`, { spendingLimit: 100 });
    const rep = await admin.patch(`/api/users/${user.id}`, { role: 'salesperson' });
    expect(rep.statusCode, rep.body).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ companyId: null, companyRole: null, spendingLimit: null });
    const back = await admin.patch(`/api/users/${user.id}`, { role: 'bold_customer', company: company.name });
    expect(back.json()).toMatchObject({ companyId: company.id, companyRole: 'buyer' });
  });

  it('the users import groups new dealers by company text, the first of a new company its admin', async () => {
    const name = unique('Import Co');
    const csv = ['username,password,role,company', `imp${counter}a,Temporary123,bold_customer,${name}`, `imp${counter}b,Temporary123,BOLD Customer,${name.toLowerCase()}`].join('\n');
    const response = await admin.request({ method: 'POST', url: '/api/users/import', ...multipartBody([{ filename: 'users.csv', content: csv }]) });
    expect(response.statusCode, response.body).toBe(200);
    const [a, b] = (response.json().users as { id: number }[]).map((u) => u.id);
    const rowA = await userRow(a!);
    const rowB = await userRow(b!);
    expect(rowA.companyId).not.toBeNull();
    expect(rowB.companyId).toBe(rowA.companyId);
    expect([rowA.companyRole, rowB.companyRole]).toEqual(['admin', 'buyer']);
  });

  it('self-registration makes a company of one, never joining a company by its typed name', async () => {
    const company = await newCompany();
    const registered = await client().post('/api/register', { username: `reg${Date.now().toString(36)}`, password: 'Register123', company: company.name });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().companyId).not.toBe(company.id);
    expect(registered.json().companyRole).toBe('admin');
  });
});

describe('the ERP: API tokens, idempotency, company.updated', () => {
  it('reads with companies:read, writes with companies:write, replays a write with the same Idempotency-Key', async () => {
    const reader = await createToken(admin, ['companies:read']);
    const writer = await createToken(admin, ['companies:write', 'companies:read']);
    const company = await newCompany();
    expect((await bearer(ctx.app, reader.token, { method: 'GET', url: `/api/companies/${company.id}` })).statusCode).toBe(200);
    expect((await bearer(ctx.app, reader.token, { method: 'POST', url: '/api/companies', json: { name: 'No' } })).statusCode).toBe(403);
    // Buyers are the screens' alone.
    expect((await bearer(ctx.app, writer.token, { method: 'POST', url: `/api/companies/${company.id}/buyers`, json: { userId: 1 } })).statusCode).toBe(403);

    const key = randomUUID();
    const name = unique('ERP Co');
    const send = () => bearer(ctx.app, writer.token, { method: 'POST', url: '/api/companies', json: { name, accountNumber: `E-${key.slice(0, 8)}` }, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(companies).where(eq(companies.name, name))).toHaveLength(1);

    const located = await bearer(ctx.app, writer.token, { method: 'POST', url: `/api/companies/${first.json().id}/locations`, json: ADDRESS, headers: { 'idempotency-key': randomUUID() } });
    expect(located.statusCode, located.body).toBe(200);
  });

  it('publishes company.updated in the write\'s transaction, with the company and its locations', async () => {
    const endpoint = await admin.post('/api/admin/webhooks', { url: 'https://erp.example.com/companies', events: ['company.updated'] });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const endpointId = endpoint.json().id as number;
    const company = await newCompany({ name: unique('Hooked') });
    await admin.patch(`/api/companies/${company.id}`, { priceGroup: 'gold' });
    await admin.post(`/api/companies/${company.id}/locations`, ADDRESS);
    // A failed write publishes nothing.
    await admin.patch(`/api/companies/${company.id}`, { name: '' });
    const events = (await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventType, 'company.updated'))).orderBy(webhookDeliveries.id))
      .map((d) => JSON.parse(d.body) as { data: { change: string; company: { id: number; priceGroup: string | null }; locations: unknown[] } })
      .filter((e) => e.data.company.id === company.id);
    expect(events.map((e) => e.data.change)).toEqual(['created', 'updated', 'location_added']);
    expect(events[1]!.data.company.priceGroup).toBe('gold');
    expect(events[2]!.data.locations).toHaveLength(1);
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'company_updated'));
    expect(logged.length).toBeGreaterThan(0);
  });
});
