import { describe, expect, it } from 'vitest';
import { createIssueCollector } from './issue-collector';

describe('issue collector (docs/decisions/0211)', () => {
  it('counts every problem and lists the lowest rows in row order, even when one is found after the rows', () => {
    const collector = createIssueCollector(3);
    for (const row of [2, 3, 4, 5, 6]) collector.sink.error({ row, message: `bad ${row}` });
    // An unknown SKU is found after all rows were read, at its first row.
    collector.sink.error({ row: 1, message: 'header' });
    collector.sink.error({ row: 3, message: 'unknown SKU' });
    expect(collector.lists().schemaErrors.map((e) => [e.row, e.message])).toEqual([
      [1, 'header'],
      [2, 'bad 2'],
      [3, 'bad 3'],
    ]);
    expect(collector.totalErrors()).toBe(7);
    expect(collector.unlistedErrors()).toBe(4);
  });
});
