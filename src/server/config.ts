import { z } from 'zod';
import { EMAIL_PATTERN } from '@common/domain/email-address';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const milliseconds = z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1).max(3_600_000);
/** Like `milliseconds`, but 0 is allowed and switches the limit off. */
const millisecondsOrOff = z.coerce.number({ error: 'must be a number of milliseconds (0 switches it off)' }).int().min(0).max(3_600_000);
const days = z.coerce.number({ error: 'must be a number of days' }).int().min(0).max(36_500);

/** An IANA zone name that this Node's ICU knows; Node falls back to UTC, silently, on any other. */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5000),
    /** Unset: 127.0.0.1 while demo data is on (its accounts are for trying the portal here), else 0.0.0.0 (listenHost). */
    HOST: optionalText,
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The portal's address as people open it, for links in emails (docs/decisions/0203); unset: http://localhost:PORT. */
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_USERNAME: optionalText.pipe(z.string().min(3, 'must be at least 3 characters').optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(6, 'must be at least 6 characters')
        .regex(/[A-Z]/, 'must contain a capital letter')
        .optional(),
    ),
    DEMO_DATA: optionalText.pipe(booleanFlag.optional()),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    ORDER_EMAIL_FROM: z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }).default('orders@boldportal.example'),
    ORDER_EMAIL_TO: z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }).default('samples@boldportal.example'),
    ALLOW_REGISTRATION: booleanFlag.default(false),
    MAX_UPLOAD_MB: z.coerce.number({ error: 'must be a number' }).positive().max(1024).default(25),
    /** Set when a TLS-terminating proxy sits in front, so cookies get Secure and IPs come from X-Forwarded-For. */
    TRUST_PROXY: booleanFlag.default(false),
    /**
     * Login password checks one server runs at once, plus as many again reserved for addresses an
     * account signed in from before; default half the cores, at most 2 (hash-gate.ts).
     */
    LOGIN_HASH_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 16' })
      .int('must be a whole number from 1 to 16')
      .min(1, 'must be a whole number from 1 to 16')
      .max(16, 'must be a whole number from 1 to 16')
      .optional(),
    /** Requests one API token may make per minute (docs/decisions/0160). */
    API_TOKEN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(120),
    /** Lets webhooks use http and private or loopback addresses: tests and closed networks only (docs/decisions/0161). */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A request waits at most this long for a database connection, then answers 503 (ADR 0060). */
    DB_CONNECT_TIMEOUT_MS: milliseconds.default(5_000),
    /** PostgreSQL cancels a statement running longer than this; the request answers 503. */
    DB_STATEMENT_TIMEOUT_MS: milliseconds.default(15_000),
    /** Statements of the stock and user imports may run this long. */
    DB_IMPORT_STATEMENT_TIMEOUT_MS: milliseconds.default(60_000),
    /** On SIGTERM, requests in flight get this long to finish before their connections are closed. */
    SHUTDOWN_TIMEOUT_MS: milliseconds.default(10_000),
    /**
     * On SIGTERM, /api/health/ready answers 503 this long before the server stops accepting
     * connections, so a proxy checking it (haproxy `inter 1s fall 2`) takes this server out first (ADR 0171).
     */
    SHUTDOWN_READINESS_DELAY_MS: millisecondsOrOff.default(5_000),
    /** A request's headers and body must arrive within this time, else 408 and the connection is closed (ADR 0171). */
    HTTP_REQUEST_TIMEOUT_MS: milliseconds.default(120_000),
    /**
     * A request body, except a file upload's, must arrive within this time of its headers, else 408 and the
     * connection is closed (docs/decisions/0202); uploads keep HTTP_REQUEST_TIMEOUT_MS.
     */
    HTTP_BODY_TIMEOUT_MS: milliseconds.default(10_000),
    /** A connection with no byte read or written for this long is closed, also while a request is being handled. */
    HTTP_CONNECTION_TIMEOUT_MS: milliseconds.default(120_000),
    /** An idle keep-alive connection is closed after this; a proxy's idle timeout towards the portal must be shorter. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(72_000),
    /** The business's time zone (ADR 0042); Node would run in UTC without a word on a name it does not know. */
    TZ: optionalText.pipe(
      z.string().refine(isKnownTimeZone, 'must be an IANA time zone name such as Europe/Madrid or America/Chicago').optional(),
    ),
    /** Retention (ADR 0060): activity rows older than this many days are deleted; 0 keeps them forever. */
    RETAIN_ACTIVITY_DAYS: days.default(730),
    /** Sent emails leave the outbox after this many days; pending and failed ones are kept. */
    RETAIN_SENT_EMAILS_DAYS: days.default(90),
    /** Delivered webhook deliveries leave the log after this many days; pending and failed ones are kept (ADR 0161). */
    RETAIN_WEBHOOK_DELIVERIES_DAYS: days.default(30),
  })
  .refine((c) => c.HTTP_CONNECTION_TIMEOUT_MS > c.DB_IMPORT_STATEMENT_TIMEOUT_MS + 5_000, {
    // The socket is idle while the server waits for the database: a shorter limit cuts a long import off.
    message: 'must be more than DB_IMPORT_STATEMENT_TIMEOUT_MS + 5000 (a stock import may wait that long for the database)',
    path: ['HTTP_CONNECTION_TIMEOUT_MS'],
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return typeof v?.HTTP_CONNECTION_TIMEOUT_MS === 'number' && typeof v.DB_IMPORT_STATEMENT_TIMEOUT_MS === 'number';
    },
  })
  .refine((c) => (c.ADMIN_USERNAME === undefined) === (c.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be given together',
    path: ['ADMIN_PASSWORD'],
    // Check this even when other variables are wrong, so every problem is listed at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line (the operator reads it in a supervisor's log): every problem, then the fix.
    super(`Invalid configuration: ${problems.join('; ')}. Fix these environment variables and start again.`);
  }
}

/** Parses the environment once at boot; every bad variable is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`));
  }
  return result.data;
}

/** Demo data defaults on for the embedded database and off for an external one (docs/architecture.md, Running). */
export function demoDataEnabled(config: Config): boolean {
  return config.DEMO_DATA ?? config.DATABASE_URL === undefined;
}

/**
 * Where the server listens (ADR 0178): HOST when set; otherwise only this machine while demo
 * data is on, because a plain `npm start` must not serve demo accounts to the network; else
 * every interface.
 */
export function listenHost(config: Config): string {
  return config.HOST ?? (demoDataEnabled(config) ? '127.0.0.1' : '0.0.0.0');
}
