import {
  STOCK_ISSUE_LIST_LIMIT,
  type NulledField,
  type SchemaError,
  type ValidationIssue,
} from '@common/contracts/stock';
import type { ProblemSink } from './row-rules';

/**
 * Gathers the problems of a whole file. Every problem is counted; each list keeps
 * the first STOCK_ISSUE_LIST_LIMIT, so a file of 50,000 bad rows answers with a
 * readable list and a count, not megabytes.
 */
export function createIssueCollector(limit = STOCK_ISSUE_LIST_LIMIT) {
  const errors: SchemaError[] = [];
  const issues: ValidationIssue[] = [];
  const nulled: NulledField[] = [];
  const totals = { errors: 0, issues: 0, nulled: 0 };
  /**
   * Keeps the `limit` lowest rows: problems mostly arrive in row order (a list that is full then
   * costs nothing), but some are found after the rows (an unknown SKU), and must not push out
   * an earlier row's (docs/decisions/0211).
   */
  const keep = <T extends { row: number }>(list: T[], item: T) => {
    if (list.length < limit) {
      list.push(item);
      return;
    }
    let last = 0;
    for (let i = 1; i < list.length; i++) if (list[i]!.row > list[last]!.row) last = i;
    if (list[last] && item.row < list[last]!.row) list[last] = item;
  };

  const sink: ProblemSink = {
    error: (problem) => {
      totals.errors += 1;
      keep(errors, problem);
    },
    issue: (problem) => {
      totals.issues += 1;
      keep(issues, problem);
    },
    nulled: (problem) => {
      totals.nulled += 1;
      keep(nulled, problem);
    },
  };

  return {
    sink,
    hasErrors: () => totals.errors > 0,
    /** Each list in row order (a stable sort: one row's problems stay in the order found). */
    lists: () => ({
      schemaErrors: [...errors].sort((a, b) => a.row - b.row),
      validationIssues: [...issues].sort((a, b) => a.row - b.row),
      nulledFields: [...nulled].sort((a, b) => a.row - b.row),
    }),
    /** Every problem counted, listed or not. */
    totalErrors: () => totals.errors,
    unlistedErrors: () => totals.errors - errors.length,
    unlistedWarnings: () => totals.issues - issues.length + (totals.nulled - nulled.length),
  };
}
