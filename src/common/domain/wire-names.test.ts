import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, TIMESTAMP_HEADER } from './http-headers';
import { PAGE_USER_ELEMENT_ID } from './first-requests';
import { LAST_INVENTORY_UPDATE } from './settings-keys';
import { STOCK_OUT } from './stock-level';
import { STOCK_STATUS_FILTER_LABELS } from './stock-status';

/**
 * Names that live outside this code: integrations send the headers, the settings key is a row in
 * every database, the filter labels are the spec's words. A change here is a breaking change.
 */
describe('names other systems and the spec rely on', () => {
  it('keeps the request headers integrations send (docs/integrations.md)', () => {
    expect(TIMESTAMP_HEADER).toBe('x-request-timestamp');
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
  });

  it('keeps the stored setting key and the out-of-stock level', () => {
    expect(LAST_INVENTORY_UPDATE).toBe('last_inventory_update');
    expect(STOCK_OUT).toBe('0');
    // The server's app page and the portal both look for this element (ADR 0152).
    expect(PAGE_USER_ELEMENT_ID).toBe('signed-in-user');
  });

  it('labels the stock status filter with the wire names', () => {
    expect(STOCK_STATUS_FILTER_LABELS).toEqual({
      all: 'All',
      in_stock: 'In Stock',
      special_order: 'Special Order',
      fabrication: 'Fabrication',
      out_of_stock: 'Out of Stock',
      on_order: 'On Order',
    });
  });
});
