import {
  describeNulledField,
  describeSchemaError,
  describeValidationIssue,
  stockUploadErrorBody,
  type StockUploadResponse,
} from '@common/contracts/stock';
import { isApiError } from '@client/lib/api-client';
import { formatCount } from '@common/domain/format';

/** What a toast or the issues panel shows for a stock upload (spec §8 "Stock upload failure"). */
export interface UploadReport {
  lines: string[];
  /** Problems the server counted but did not list. */
  more: number;
}

/**
 * A rejected upload with the spec's error body: one line per issue,
 * "Row N: message", "Row N: issue (field: value)", "Row N: Empty field (was: original)".
 * Null for any other failure, which shows the raw message instead.
 */
export function uploadFailureReport(error: unknown): UploadReport | null {
  if (!isApiError(error)) return null;
  const parsed = stockUploadErrorBody.safeParse(error.body);
  if (!parsed.success) return null;
  const body = parsed.data;
  return {
    lines: [
      ...body.schemaErrors.map(describeSchemaError),
      ...body.validationIssues.map(describeValidationIssue),
      ...body.nulledFields.map(describeNulledField),
    ],
    more: body.moreIssues,
  };
}

export function uploadWarningReport(response: StockUploadResponse): UploadReport | null {
  const lines = [
    ...response.warnings.validationIssues.map(describeValidationIssue),
    ...response.warnings.nulledFields.map(describeNulledField),
  ];
  return lines.length > 0 ? { lines, more: response.moreWarnings } : null;
}


/** "3 updated, 1 new, 40 not in the file (kept)" */
export function describeUploadCounts(response: StockUploadResponse): string {
  const parts = [`${formatCount(response.updated)} updated`, `${formatCount(response.created)} new`, `${formatCount(response.unchanged)} unchanged`];
  if (response.removed.length > 0) parts.push(`${formatCount(response.removed.length)} removed`);
  if (response.cartLinesRemoved > 0) {
    const carts = `${formatCount(response.cartsAffected)} ${response.cartsAffected === 1 ? 'cart' : 'carts'}`;
    parts.push(`${formatCount(response.cartLinesRemoved)} ${response.cartLinesRemoved === 1 ? 'line' : 'lines'} of removed products taken out of ${carts}`);
  }
  if (response.missing.length > 0) parts.push(`${formatCount(response.missing.length)} not in the file (kept)`);
  return parts.join(', ');
}
