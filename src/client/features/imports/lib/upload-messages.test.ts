import { describe, expect, it } from 'vitest';
import type { StockUploadResponse } from '@common/contracts/stock';
import { ApiError } from '@client/lib/api-client';
import { describeUploadCounts, uploadFailureReport, uploadWarningReport } from './upload-messages';

const success: StockUploadResponse = {
  message: 'Stock levels have been updated successfully',
  mode: 'keep',
  rows: 5,
  created: 1,
  updated: 3,
  unchanged: 1,
  removed: [],
  missing: [7, 8],
  cartLinesRemoved: 0,
  cartsAffected: 0,
  warnings: { validationIssues: [], nulledFields: [] },
  moreWarnings: 0,
};

describe('stock upload messages', () => {
  it('turns the error body into one line per issue', () => {
    const error = new ApiError(400, 'Bad Request', {
      message: 'The file was not imported; nothing was changed',
      schemaErrors: [{ row: 4, message: 'Invalid SKU number (ABC)' }],
      validationIssues: [{ row: 2, issue: 'Coverage must be square feet per box or a size such as 12x12; 15.5 was used', field: 'coverage', value: 'lots', sku: '1001' }],
      nulledFields: [{ row: 3, field: 'price', originalValue: 'ten', sku: '1002' }],
      moreIssues: 2,
    });
    expect(uploadFailureReport(error)).toEqual({
      // In row order, each naming its row and SKU, saying what is wrong with the file's value (docs/decisions/0211).
      lines: [
        'Row 2 (SKU 1001): Coverage must be square feet per box or a size such as 12x12; 15.5 was used (coverage: lots)',
        'Row 3 (SKU 1002): price "ten" is not a number, so the product would show CALL',
        'Row 4: Invalid SKU number (ABC)',
      ],
      more: 2,
    });
  });

  it('has no report for other failures (the raw message is shown)', () => {
    expect(uploadFailureReport(new ApiError(413, 'Payload Too Large', { message: 'The file is larger than the 25 MB upload limit' }))).toBeNull();
    expect(uploadFailureReport(new Error('network'))).toBeNull();
  });

  it('lists warnings of a successful upload, or nothing', () => {
    expect(uploadWarningReport(success)).toBeNull();
    expect(
      uploadWarningReport({ ...success, warnings: { validationIssues: [], nulledFields: [{ row: 2, field: 'price', originalValue: 'x' }] }, moreWarnings: 1 }),
    ).toEqual({ lines: ['Row 2: price "x" is not a number, so the product would show CALL'], more: 1 });
  });

  it('summarises the counts', () => {
    expect(describeUploadCounts(success)).toBe('3 updated, 1 new, 1 unchanged, 2 not in the file (kept)');
  });
});
