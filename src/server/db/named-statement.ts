import { createHash } from 'node:crypto';
import { is, Placeholder, type SQL } from 'drizzle-orm';
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

/** A statement rendered ONCE: its text, its name, and where each call's values go. */
export interface StatementTemplate {
  readonly text: string;
  readonly name: string | undefined;
  /** One per parameter: the placeholder's name, or a value fixed when the statement was built. */
  readonly slots: readonly ({ placeholder: string } | { value: unknown })[];
}

/**
 * Renders a statement whose values are `sql.placeholder(...)`s, once (ADR 0153):
 * drizzle's builder then runs at start-up instead of on every call.
 */
export function statementTemplate(prefix: string, query: SQL): StatementTemplate {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const slots = params.map((param) => (is(param, Placeholder) ? { placeholder: param.name } : { value: param }));
  return { text, name: statementName(prefix, text), slots };
}

/** What drizzle's node-postgres session runs its queries on: the pool, or a transaction's client. */
interface QueryClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a template as a named prepared statement with this call's values for its
 * placeholders (a missing one is an error, as in drizzle). It is handed straight to
 * node-postgres, on the client of the executor's own drizzle session (the pool, or
 * the transaction's connection), so it also works inside a transaction: per call
 * there is no drizzle work left at all.
 */
export async function executeTemplate<Row extends Record<string, unknown>>(
  executor: DbOrTx,
  template: StatementTemplate,
  values: Record<string, unknown>,
): Promise<{ rows: Row[] }> {
  const parameters = template.slots.map((slot) => {
    if (!('placeholder' in slot)) return slot.value;
    if (!(slot.placeholder in values)) throw new Error(`No value for placeholder "${slot.placeholder}" was provided`);
    return values[slot.placeholder];
  });
  const { client } = executor._.session as unknown as { client: QueryClient };
  const result = await client.query({ name: template.name, text: template.text, values: parameters });
  return result as { rows: Row[] };
}
