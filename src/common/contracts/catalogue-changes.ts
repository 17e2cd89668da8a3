import { z } from './zod';
import { product } from './products';
import { queryInstant } from './query-params';

/** How long the changes feed can answer from: a device whose last sync is older downloads the whole catalogue. */
export const CATALOGUE_CHANGES_KEPT_DAYS = 30;
/** More changed products than this since a device's last sync: the whole catalogue is the cheaper answer. */
export const CATALOGUE_CHANGES_MAX = 20_000;

/**
 * GET /api/products/changes (field mode, docs/decisions/0228): what changed in the catalogue since a
 * device's last sync. Without `since` it only answers the `until` to ask from after a whole download.
 */
export const catalogueChangesQuery = z.object({ since: queryInstant('since') });
export type CatalogueChangesQuery = z.output<typeof catalogueChangesQuery>;

export const catalogueChangesResponse = z.object({
  /** Ask from here next time (an ISO instant): no change committed after this answer is older than it. */
  until: z.string(),
  /** True: no change list can bring this device up to date (no `since`, too old, too many): download the whole catalogue. */
  full: z.boolean(),
  /** Products created or changed after `since`, as GET /api/products sends them, by id. */
  products: z.array(product),
  /** SKUs deleted after `since`. Applied before `products` (a SKU deleted and created again is in both). */
  deleted: z.array(z.int()),
});
export type CatalogueChanges = z.infer<typeof catalogueChangesResponse>;
