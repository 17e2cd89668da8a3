import { TEMPLATE_EXAMPLE_NOTE } from '@common/domain/template-examples';
import { stringify } from 'csv-stringify/sync';
import { INCOMING_COLUMNS, LOT_COLUMNS } from './row-rules';

/*
 * The lots and incoming templates: the documented header (docs/integrations.md) and example rows whose
 * SKU starts with EXAMPLE, which the upload skips (docs/decisions/0130): uploaded unchanged, a
 * template changes nothing.
 */

export function lotsTemplateCsv(): string {
  return stringify(
    [
      { sku: 'EXAMPLE-1', lot: 'L2406A', shade: 'S3', caliber: 'C2', warehouse: 'Main', quantity: '42' },
      { sku: 'EXAMPLE-1', lot: 'L2406B', shade: 'S4', caliber: 'C2', warehouse: 'Main', quantity: '55' },
    ],
    { header: true, columns: [...LOT_COLUMNS] },
  );
}

export function incomingTemplateCsv(): string {
  return stringify(
    [{ sku: 'EXAMPLE-1', quantity: '120', eta: '2026-12-14', stage: 'on_vessel', lot: '', reference: `CONT-88 (${TEMPLATE_EXAMPLE_NOTE})` }],
    { header: true, columns: [...INCOMING_COLUMNS] },
  );
}
