import type { Db } from '../../db/client';
import type { ActivityService } from '../activity';
import type { MerchandiseService } from '../merchandise';
import type { ProductsService } from '../products';
import type { CartCatalogue } from './view';

/** What app.ts hands the carts module. Products and merchandise are read through their modules, never their tables. */
export interface CartsDeps {
  db: Db;
  activity: ActivityService;
  /** `summary` is the add's prepared one-product read. */
  products: CartCatalogue['products'] & Pick<ProductsService, 'summary'>;
  merchandise: CartCatalogue['merchandise'] & Pick<MerchandiseService, 'existingCodes' | 'isDeactivated'>;
}
