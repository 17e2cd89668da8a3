import {
  describeNulledField,
  describeSchemaError,
  describeValidationIssue,
  stockUploadErrorBody,
  type StockUploadResponse,
  type stockUploadWarnings,
} from '@common/contracts/stock';
import { describeFieldWarning, type StockFieldWarning } from '@common/contracts/stock-uploads';
import type { z } from 'zod';
import { isApiError } from '@client/lib/api-client';
import { formatCount } from '@common/domain/format';

/** What a toast or the issues panel shows for a stock upload ("Stock upload failure"). */
export interface UploadReport {
  lines: string[];
  /** Problems the server counted but did not list. */
  more: number;
}

/** Lines with their rows, merged in row order (a stable sort keeps one row's lines as found). */
function byRow(...lists: { row: number; line: string }[][]): string[] {
  return lists
    .flat()
    .sort((a, b) => a.row - b.row)
    .map((l) => l.line);
}

/**
 * A rejected upload with the spec's error body: one line per issue, in row order, each naming its
 * row and SKU: "Row 5 (SKU 1001): price "abc" is not a number, ..." (docs/decisions/0211).
 * Null for any other failure, which shows the raw message instead.
 */
export function uploadFailureReport(error: unknown): UploadReport | null {
  if (!isApiError(error)) return null;
  const parsed = stockUploadErrorBody.safeParse(error.body);
  if (!parsed.success) return null;
  const body = parsed.data;
  return {
    lines: byRow(
      body.schemaErrors.map((e) => ({ row: e.row, line: describeSchemaError(e) })),
      body.validationIssues.map((e) => ({ row: e.row, line: describeValidationIssue(e) })),
      body.nulledFields.map((e) => ({ row: e.row, line: describeNulledField(e) })),
    ),
    more: body.moreIssues,
  };
}

/** A file's own warnings (unknown columns, emptied values, past ETAs...), in row order. */
export function fileWarningLines(warnings: z.infer<typeof stockUploadWarnings>): string[] {
  return byRow(
    warnings.validationIssues.map((e) => ({ row: e.row, line: describeValidationIssue(e) })),
    warnings.nulledFields.map((e) => ({ row: e.row, line: describeNulledField(e) })),
  );
}

/** A stock preview's warnings in groups a phone reads one at a time (docs/decisions/0211). */
export function stockWarningGroups(preview: { warnings: z.infer<typeof stockUploadWarnings>; fieldWarnings: StockFieldWarning[] }) {
  return [
    { title: 'Blank cells that clear a field', lines: preview.fieldWarnings.filter((w) => w.kind === 'cleared').map(describeFieldWarning) },
    { title: 'Prices changed without their price per sq ft', lines: preview.fieldWarnings.filter((w) => w.kind === 'priceWithoutSqft').map(describeFieldWarning) },
    { title: 'Other warnings', lines: fileWarningLines(preview.warnings) },
  ].filter((g) => g.lines.length > 0);
}

export function uploadWarningReport(response: StockUploadResponse): UploadReport | null {
  const lines = fileWarningLines(response.warnings);
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
