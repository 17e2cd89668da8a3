import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', ...)` built from a list in src/common/domain, so a CHECK
 * constraint and the TypeScript union it guards are one list and cannot drift.
 * The values are our own constants, never input; each is checked to be a plain word.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[a-z_]+$/.test(value)) throw new Error(`not a plain word for a CHECK list: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
