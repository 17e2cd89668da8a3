import type { LoadRoom } from '@common/domain/backorders';
import type { IsoDate } from '@common/domain/business-days';
import type { Db, DbOrTx } from '../../db/client';
import type { ActivityService } from '../activity';
import type { MerchandiseService } from '../merchandise';
import type { OrderReferences } from '../orders';
import type { ProductsService } from '../products';
import type { CartCatalogue } from './view';

/** What app.ts hands the carts module. Products and merchandise are read through their modules, never their tables. */
export interface CartsDeps {
  db: Db;
  activity: ActivityService;
  /** `summary` and `rememberedSummary`: the add's product (ADR 0174). */
  products: CartCatalogue['products'] & Pick<ProductsService, 'summary' | 'rememberedSummary'>;
  merchandise: CartCatalogue['merchandise'] & Pick<MerchandiseService, 'existingCodes' | 'isDeactivated'>;
  /** The names placed orders carry, so a new default PO takes a fresh number (docs/decisions/0213). */
  orders: Pick<OrderReferences, 'defaultPoNames'>;
  /** The business's today, for the contract price lists' dates (docs/decisions/0229); todayIn() unless given. */
  today?: () => IsoDate;
  /**
   * Each SKU's incoming loads with what they can still promise (the lots module's): a line may pass the
   * stock by that much, as a backorder (docs/decisions/0238). Without it lines stay capped at the stock.
   */
  incoming?: IncomingLoads;
}

export interface IncomingLoads {
  loadsOf(executor: DbOrTx, productIds: readonly number[]): Promise<Map<number, LoadRoom[]>>;
}
