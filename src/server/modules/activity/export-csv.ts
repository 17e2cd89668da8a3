import type { ActivityLogView } from '@common/contracts/activity';
import { safeCell } from '@common/domain/csv-safety';
import { stringify } from 'csv-stringify/sync';

/** The export's columns: the screen's six, then what an investigation needs. */
const COLUMNS: { header: string; value: (log: ActivityLogView) => string | number | null }[] = [
  { header: 'ID', value: (l) => l.id },
  { header: 'Type', value: (l) => l.type },
  { header: 'Description', value: (l) => l.description },
  { header: 'Username', value: (l) => l.username },
  { header: 'IP Address', value: (l) => l.ipAddress },
  { header: 'Date & Time', value: (l) => l.createdAt },
  { header: 'Target Username', value: (l) => l.targetUsername },
  { header: 'URL', value: (l) => l.url },
  { header: 'Referrer', value: (l) => l.referrer },
  { header: 'Duration (ms)', value: (l) => l.duration },
  { header: 'Session', value: (l) => l.sessionRef },
  { header: 'User Agent', value: (l) => l.userAgent },
  { header: 'Metadata', value: (l) => (l.metadata ? JSON.stringify(l.metadata) : null) },
];

/**
 * CSV text in chunks, one per batch of rows. Every text cell is neutralised against
 * spreadsheet formula injection. The byte-order mark makes Excel read UTF-8 (and stops
 * it taking a file that starts with "ID" for SYLK).
 */
export async function* activityCsv(rows: AsyncIterable<ActivityLogView>, batchSize = 500): AsyncGenerator<string> {
  yield `\ufeff${stringify([COLUMNS.map((c) => c.header)])}`;
  let batch: (string | number | boolean)[][] = [];
  for await (const log of rows) {
    batch.push(COLUMNS.map((c) => safeCell(c.value(log))));
    if (batch.length >= batchSize) {
      yield stringify(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield stringify(batch);
}
