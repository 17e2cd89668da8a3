/**
 * Cart add under load (issue 4, issue 15: at least 1,200 req/s): 50 concurrent users adding to their carts
 * against PostgreSQL, then 50 connections adding the same product to ONE cart
 * (the hottest row there is). Prints p50 / p99 latency, requests per second,
 * and the lost-update count: successful adds minus what the database holds.
 * It must be 0.
 *
 * The portal runs in its own process (bench/support/serve.ts) so autocannon does
 * not share its event loop. Uses a throwaway embedded PostgreSQL unless
 * BENCH_DATABASE_URL points at an empty database. BENCH_REQUESTS (default 4000)
 * sets each run's size.
 */
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import { cartItems, products, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/password-hash';
import { startChildServer } from './support/child-server';
import { cpuSplit } from './support/cpu-split';
import { benchDatabase } from './support/database';

const USERS = 50;
/** Concurrent connections; 50 by the issue, lower it to see the single-request cost. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? USERS);
/** A fixed number of requests (not a duration), so every request is answered before the count is taken. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const PORT = Number(process.env.BENCH_PORT ?? 5410);
/** Issue 15's floor for the spread run. */
const TARGET_PER_SECOND = 1200;
const PASSWORD = 'Bench123';
const FIRST_SKU = 900_000;

const database = await benchDatabase('cart-add');
const { db } = database;
const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
const base = server.url;

// A catalogue with deep stock, and 50 customers.
await db
  .insert(products)
  .values(Array.from({ length: USERS }, (_, i) => ({ id: FIRST_SKU + i, name: `Bench Tile ${i}`, stockLevel: '1000000', price: '10.00' })))
  .onConflictDoNothing();
const passwordHash = await hashPassword(PASSWORD);
const names = Array.from({ length: USERS }, (_, i) => `bench${i}_${Date.now().toString(36)}`);
await db.insert(users).values(names.map((username) => ({ username, passwordHash, role: 'bold_customer' as const, isTemporaryPassword: false })));

async function signIn(username: string): Promise<{ cookie: string; cartId: number }> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login ${username}: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const carts = (await (await fetch(`${base}/api/carts`, { headers: { cookie } })).json()) as { id: number; isActive: boolean }[];
  return { cookie, cartId: carts.find((c) => c.isActive)!.id };
}
const sessions: { cookie: string; cartId: number }[] = [];
for (const name of names) sessions.push(await signIn(name));

async function totalQuantity(cartIds: number[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(inArray(cartItems.cartId, cartIds));
  return row?.total ?? 0;
}

async function run(title: string, pick: (connection: number) => { cookie: string; cartId: number; productId: number }) {
  const cartIds = [...new Set(Array.from({ length: USERS }, (_, i) => pick(i).cartId))];
  const before = await totalQuantity(cartIds);
  let connection = 0;
  const cpu = cpuSplit(server.pid, database.postmasterPid);
  cpu.start();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: REQUESTS,
    setupClient(client) {
      const { cookie, cartId, productId } = pick(connection++ % USERS);
      client.setRequests([{
        method: 'POST',
        path: `/api/carts/${cartId}/items`,
        headers: { cookie, 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) },
        body: JSON.stringify({ productId, quantity: 1 }),
      }]);
    },
  });
  const cpuLines = cpu.report(result.requests.total);
  const after = await totalQuantity(cartIds);
  const succeeded = result['2xx'];
  if (result.non2xx > 0) console.log(`  (refused: ${JSON.stringify(result.statusCodeStats)})`);
  const lost = succeeded - (after - before);
  console.log(
    [
      title,
      `  requests/s  ${(result.requests.total / (result.duration || 1)).toFixed(0)} (${result.requests.total} requests in ${result.duration.toFixed(1)} s)`,
      `  latency     p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `  responses   ${succeeded} ok, ${result.non2xx} refused, ${result.errors} errors, ${result.timeouts} timeouts`,
      `  database    +${after - before} in the carts`,
      `  lost updates ${lost}`,
      ...cpuLines,
    ].join('\n'),
  );
  return { lost, perSecond: result.requests.total / (result.duration || 1) };
}

const spread = await run('50 users, each adding to their own cart', (i) => ({ ...sessions[i]!, productId: FIRST_SKU + i }));
const hot = sessions[0]!;
await db.delete(cartItems).where(eq(cartItems.cartId, hot.cartId));
const hotRun = await run('50 connections, one cart, one product (a single hot row)', () => ({ ...hot, productId: FIRST_SKU }));
console.log(
  `target: at least ${TARGET_PER_SECOND} req/s for 50 users with 0 lost updates -> ${(spread.perSecond / TARGET_PER_SECOND).toFixed(2)} of the target (${spread.perSecond.toFixed(0)} req/s)`,
);

await server.stop();
await database.close();
if (spread.lost !== 0 || hotRun.lost !== 0) {
  console.error('FAIL: updates were lost');
  process.exit(1);
}
