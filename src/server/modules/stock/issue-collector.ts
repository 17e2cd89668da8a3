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
  const keep = <T>(list: T[], item: T) => {
    if (list.length < limit) list.push(item);
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
    lists: () => ({
      schemaErrors: [...errors].sort((a, b) => a.row - b.row),
      validationIssues: [...issues],
      nulledFields: [...nulled],
    }),
    unlistedErrors: () => totals.errors - errors.length,
    unlistedWarnings: () => totals.issues - issues.length + (totals.nulled - nulled.length),
  };
}
