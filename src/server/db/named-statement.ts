import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Renders SQL the way the app's drizzle instance does (no casing option: raw SQL names its columns). */
const dialect = new PgDialect();

/** text -> statement name. A statement's text depends only on its shape, never on its values, so this stays small. */
const names = new Map<string, string>();
/** Past this many shapes something builds text from values: stop naming rather than fill every connection. */
const MAX_NAMED = 200;

/**
 * The name a statement's text is prepared under on each connection. It is derived
 * from the text, so two different texts can never share a name (node-postgres
 * refuses that) and every connection of every app server agrees on it.
 */
export function statementName(prefix: string, text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a raw statement as a named prepared statement (ADR 0153). PostgreSQL parses and
 * plans it once per connection; later runs send only its values (Bind/Execute), which
 * for the cart add's five-part statement was most of PostgreSQL's work per request.
 * Works on the pool and inside a transaction alike (it goes through the executor's
 * own session). Use it for hot statements whose text does not depend on values.
 */
export async function executeNamed<Row extends Record<string, unknown>>(executor: DbOrTx, prefix: string, query: SQL): Promise<{ rows: Row[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const prepared = executor._.session.prepareQuery({ sql: text, params }, undefined, statementName(prefix, text), false);
  return (await prepared.execute()) as { rows: Row[] };
}

/** A statement rendered ONCE: its text, its parameters (drizzle placeholders where values go) and its name. */
export interface StatementTemplate {
  readonly text: string;
  readonly params: readonly unknown[];
  readonly name: string | undefined;
}

/**
 * Renders a statement whose values are all `sql.placeholder(...)`s, once (ADR 0153):
 * drizzle's builder then runs at start-up instead of on every call.
 */
export function statementTemplate(prefix: string, query: SQL): StatementTemplate {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params, name: statementName(prefix, text) };
}

/**
 * Runs a template as a named prepared statement with this call's values for its
 * placeholders (drizzle fills them in, and refuses a placeholder without a value).
 * Like executeNamed, it goes through the executor's own session, so it also works
 * inside a transaction.
 */
export async function executeTemplate<Row extends Record<string, unknown>>(
  executor: DbOrTx,
  template: StatementTemplate,
  values: Record<string, unknown>,
): Promise<{ rows: Row[] }> {
  const prepared = executor._.session.prepareQuery({ sql: template.text, params: [...template.params] }, undefined, template.name, false);
  return (await prepared.execute(values)) as { rows: Row[] };
}
