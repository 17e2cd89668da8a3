import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { killLeftovers, startPortal } from '../../test/processes';

/**
 * Failures say what is wrong in one line: the real start entry
 * with each bad configuration prints exactly one line on stderr and exits 1.
 */
const pattern = inject('databaseUrlPattern');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let scratch = '';
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-startup-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  killLeftovers();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
});

async function failsWith(env: Record<string, string | undefined>, expected: string | RegExp): Promise<string> {
  const portal = startPortal({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(scratch, 'unused'), ...env });
  const code = await portal.exited;
  const stderr = portal.stderr().trim();
  expect(code, portal.output()).toBe(1);
  // One line in all: nothing on stdout either (no JSON log line, no stack). A stale dist/server is
  // compiled first by the start entry, which says so; that is the build's output, not the portal's.
  const lines = portal.output().trim().split('\n').filter((l) => !/^Building the server|^Server compiled to /.test(l));
  expect(lines, portal.output()).toHaveLength(1);
  expect(stderr).toMatch(expected);
  return stderr;
}

function withUrl(change: (url: URL) => void): string {
  const url = new URL(pattern.replace('__DB__', 'postgres'));
  change(url);
  return url.toString();
}

describe('a start with bad configuration exits 1 with one line naming cause and fix', { timeout: 150_000 }, () => {
  it('lists bad variables on one line', async () => {
    await failsWith({ PORT: 'abc', ADMIN_USERNAME: 'boss' }, /^Invalid configuration: PORT: .*ADMIN_PASSWORD.*Fix these environment variables/);
  });

  it('DATABASE_URL refused', async () => {
    const line = await failsWith({ DATABASE_URL: 'postgres://portal:x@127.0.0.1:1/portal' }, /refused the connection/);
    expect(line).toContain('127.0.0.1:1');
    expect(line).toContain('Start the database server, or fix the host and port in DATABASE_URL');
  });

  it('DATABASE_URL with an unknown user', async () => {
    await failsWith(
      { DATABASE_URL: withUrl((u) => ((u.username = 'no_such_portal_user'), (u.password = 'x'))) },
      /refused the login of user "no_such_portal_user".*Fix the user name and password in DATABASE_URL/,
    );
  });

  it('DATABASE_URL with a wrong password', async () => {
    const url = withUrl((u) => (u.password = 'wrong-password'));
    const probe = new pg.Client({ connectionString: url });
    const refused = await probe.connect().then(
      () => false,
      () => true,
    );
    await probe.end().catch(() => undefined);
    // A trust-auth server (the CI's external PostgreSQL) accepts any password; the embedded one checks it.
    if (refused) await failsWith({ DATABASE_URL: url }, /refused the login of user .*Fix the user name and password in DATABASE_URL/);
  });

  it('DATABASE_URL naming a database that does not exist', async () => {
    const name = `portal_missing_${process.pid}`;
    await failsWith({ DATABASE_URL: withUrl((u) => (u.pathname = `/${name}`)) }, new RegExp(`"${name}" does not exist.*createdb ${name}`));
  });

  // LOG_LEVEL=info, as in production: Fastify's "Server listening at ..." would show (docs/decisions/0202).
  const saysListening = /Server listening|listening on/;

  it('PostgreSQL down, at the production log level: the one line, and nothing says the portal is listening', async () => {
    const line = await failsWith({ DATABASE_URL: 'postgres://portal:x@127.0.0.1:1/portal', LOG_LEVEL: 'info', SESSION_SECRET: 's'.repeat(40) }, /refused the connection/);
    expect(line).not.toMatch(saysListening);
  });

  it('a database that does not exist, at the production log level: the one line, and nothing says the portal is listening', async () => {
    const name = `portal_missing_info_${process.pid}`;
    const line = await failsWith(
      { DATABASE_URL: withUrl((u) => (u.pathname = `/${name}`)), LOG_LEVEL: 'info', SESSION_SECRET: 's'.repeat(40) },
      new RegExp(`"${name}" does not exist`),
    );
    expect(line).not.toMatch(saysListening);
  });

  it('migrations refused after the port opened (a user that may not create tables): the one line, nothing says listening', async () => {
    const name = `portal_readonly_${process.pid}`;
    const admin = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`drop role if exists ${name}`);
    await admin.query(`create role ${name} login password 'Readonly-1'`);
    await admin.query(`create database ${name}`);
    try {
      const url = withUrl((u) => ((u.username = name), (u.password = 'Readonly-1'), (u.pathname = `/${name}`)));
      await failsWith({ DATABASE_URL: url, LOG_LEVEL: 'info', SESSION_SECRET: 's'.repeat(40) }, new RegExp(`^The database user "${name}" may not create the portal's tables`));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    }
  });

  it('the port in use: one line, checked before any migration or job touches the database', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    // An empty database: a migration run before the port check would leave tables in it.
    const name = `portal_port_${process.pid}`;
    const admin = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    try {
      await failsWith(
        { DATABASE_URL: pattern.replace('__DB__', name), PORT: String(port), SESSION_SECRET: 's'.repeat(40), LOG_LEVEL: 'info' },
        new RegExp(`^Port ${port} on 127.0.0.1 is already in use by another program. Stop it, or set PORT to a free port.$`),
      );
      const empty = new pg.Client({ connectionString: pattern.replace('__DB__', name) });
      await empty.connect();
      const { rows } = await empty.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      await empty.end();
      expect(rows[0]?.n).toBe(0);
    } finally {
      blocker.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('an unknown time zone in TZ', async () => {
    await failsWith({ TZ: 'Mars/Olympus_Mons' }, /^Invalid configuration: TZ: must be an IANA time zone name .*Fix these environment variables/);
  });

  it('DATA_DIR a file, or inside one', async () => {
    const file = path.join(scratch, 'a-file');
    await writeFile(file, 'not a directory');
    await failsWith({ DATA_DIR: file }, /is a file, not a directory. Set DATA_DIR to a directory path/);
    await failsWith({ DATA_DIR: path.join(file, 'data') }, /is a file, not a directory/);
  });

  it('DATA_DIR that cannot be created (/proc/x) fails at once instead of spinning', async () => {
    await failsWith({ DATA_DIR: '/proc/portal-data-x' }, /^DATA_DIR \/proc\/portal-data-x: cannot create .*Set DATA_DIR to a writable directory/);
  });

  it.skipIf(isRoot)('DATA_DIR read-only', async () => {
    const locked = path.join(scratch, 'read-only');
    await import('node:fs/promises').then((fs) => fs.mkdir(locked));
    await chmod(locked, 0o500);
    await failsWith({ DATA_DIR: path.join(locked, 'data') }, /cannot create .*permission denied/);
  });

  it.runIf(isRoot)('as root, a DATA_DIR the postgres user cannot enter is refused before initdb', async () => {
    const closed = path.join(scratch, 'root-only');
    await import('node:fs/promises').then((fs) => fs.mkdir(closed));
    await chmod(scratch, 0o755);
    await chmod(closed, 0o700);
    await failsWith(
      { DATA_DIR: path.join(closed, 'data') },
      /Running as root, .*"postgres" user, which cannot enter .*root-only.*Run the portal as a normal user.*or set DATABASE_URL/,
    );
  });
});

describe('warnings at start', { timeout: 90_000 }, () => {
  it('an external database without SESSION_SECRET gets a warning about several app servers', async () => {
    const portal = startPortal({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: path.join(scratch, 'secret') });
    await portal.waitFor(/listening on/);
    await portal.waitFor(/SESSION_SECRET is not set/);
    expect(portal.stderr()).toMatch(/Give every app server on this database the same SESSION_SECRET/);
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
  });
});
