import {
  STOCK_ISSUE_LIST_LIMIT,
  type NulledField,
  type SchemaError,
  type ValidationIssue,
} from '@common/contracts/stock';

/** Where a kind's row rules report what they find. */
export interface ProblemSink {
  error(problem: SchemaError): void;
  issue(problem: ValidationIssue): void;
  nulled(problem: NulledField): void;
}

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
   * Keeps the `limit` lowest rows: problems mostly arrive in row order (a full list then costs one
   * comparison), but some are found after the rows (an unknown SKU) and must not be pushed out by
   * a later row's (docs/decisions/0211). Linear in the file's rows.
   */
  const keeper = <T extends { row: number }>(list: T[]) => {
    // Highest row held; the scan for it runs only after an out-of-order problem replaced one.
    let highest = 0;
    return (item: T) => {
      if (list.length < limit) {
        list.push(item);
        highest = Math.max(highest, item.row);
        return;
      }
      if (item.row >= highest) return;
      const at = list.findIndex((p) => p.row === highest);
      list[at] = item;
      highest = list.reduce((max, p) => Math.max(max, p.row), 0);
    };
  };
  const keepError = keeper(errors);
  const keepIssue = keeper(issues);
  const keepNulled = keeper(nulled);

  const sink: ProblemSink = {
    error: (problem) => {
      totals.errors += 1;
      keepError(problem);
    },
    issue: (problem) => {
      totals.issues += 1;
      keepIssue(problem);
    },
    nulled: (problem) => {
      totals.nulled += 1;
      keepNulled(problem);
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

export type IssueCollector = ReturnType<typeof createIssueCollector>;
