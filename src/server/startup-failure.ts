import { StartupError } from './lib/startup-error';

/** The error in the cause chain that carries a code (a driver's error under drizzle's "Failed query"), with that code. */
function coded(error: unknown): { code?: string; error: unknown } {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return { code, error: e };
    e = (e as { cause?: unknown }).cause;
  }
  return { error };
}

/** Every message down the cause chain, for recognising a driver's sentence under a wrapper. */
function messagesOf(error: unknown): string {
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    texts.push(e instanceof Error ? e.message : String(e));
    e = typeof e === 'object' ? (e as { cause?: unknown }).cause : undefined;
  }
  return texts.join('\n');
}

/** First line only: the whole message is one line (drizzle's "Failed query" spans several). */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();

function where(url: string | undefined): { target: string; user: string; database: string } {
  try {
    const u = new URL(url ?? '');
    return { target: `${u.hostname}:${u.port || '5432'}`, user: decodeURIComponent(u.username), database: u.pathname.slice(1) };
  } catch {
    return { target: 'the database server', user: '', database: '' };
  }
}

/**
 * The one line printed when the portal cannot start: the cause and the fix,
 * never a stack trace (failures say what is wrong in one line).
 */
export function describeStartupFailure(error: unknown, context: { databaseUrl?: string; port?: number; host?: string }): string {
  if (error instanceof StartupError) return error.message;
  const { code, error: cause } = coded(error);
  // The driver's own sentence ("permission denied for database x"), not the query that met it.
  const message = firstLine(cause);
  const db = where(context.databaseUrl);
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${context.port} on ${context.host} is already in use by another program. Stop it, or set PORT to a free port.`;
    case 'EACCES':
      if ((error as { syscall?: string }).syscall === 'listen') {
        return `Not allowed to listen on port ${context.port}. Ports below 1024 need privileges: set PORT to 1024 or above.`;
      }
      break;
    case 'EADDRNOTAVAIL':
      return `HOST ${context.host} is not an address of this machine. Set HOST to 0.0.0.0 or one of its addresses.`;
    case 'ECONNREFUSED':
      return `PostgreSQL at ${db.target} refused the connection (DATABASE_URL). Start the database server, or fix the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The database host in DATABASE_URL (${db.target}) is unknown. Fix the host name in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `PostgreSQL at ${db.target} cannot be reached (${code}). Check the network and the host and port in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${db.target} refused the login of user "${db.user}" (${message}). Fix the user name and password in DATABASE_URL.`;
    case '3D000':
      return `The database "${db.database}" does not exist on ${db.target}. Create it (createdb ${db.database}) or fix the database name in DATABASE_URL.`;
    case '42501':
      return `The database user "${db.user}" may not create the portal's tables (${message}). Grant it CREATE on the database, or use the database's owner in DATABASE_URL.`;
    case '57P03':
      return `PostgreSQL at ${db.target} is starting up or shutting down. Try again in a moment.`;
    default:
      break;
  }
  if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(messagesOf(error))) {
    return `PostgreSQL at ${db.target} did not answer within DB_CONNECT_TIMEOUT_MS. Check that the database server is running and reachable.`;
  }
  return `The portal could not start: ${firstLine(error)}${code ? ` (${code})` : ''}. Run with LOG_LEVEL=debug for details.`;
}
