import { REPORT_REPEAT_WINDOW_MS } from '@common/domain/activity-types';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { ProductsService } from '../products';
import { renderPriceListPdf } from './render-pdf';

export interface PriceListPdf {
  version: string;
  etag: string;
  pdf: Buffer;
}

export type PriceListService = ReturnType<typeof createPriceListService>;

/**
 * The price list PDF, rendered once per catalogue version and kept until the
 * catalogue changes (docs/product-decisions.md: "cached until the next stock upload").
 */
export function createPriceListService({ products, activity }: { products: ProductsService; activity: Pick<ActivityService, 'recordOnce'> }) {
  let cached: PriceListPdf | null = null;
  let building: Promise<PriceListPdf> | null = null;

  async function build(): Promise<PriceListPdf> {
    const snapshot = await products.snapshot();
    const pdf = await renderPriceListPdf(snapshot.products, new Date());
    cached = { version: snapshot.version, etag: priceListEtag(snapshot.version), pdf };
    return cached;
  }

  return {
    currentVersion: () => products.currentVersion(),

    /** report_viewed, once per session within the window: a reload or the viewer's second fetch is not another view. */
    async viewed(actor: Actor): Promise<void> {
      await activity.recordOnce(
        actor,
        { type: 'report_viewed', description: `${actor.username} viewed the price list` },
        { sameAs: { report: 'price_list' }, withinMs: REPORT_REPEAT_WINDOW_MS },
      );
    },

    async pdf(version: string): Promise<PriceListPdf> {
      if (cached?.version === version) return cached;
      if (!building) building = build().finally(() => (building = null));
      const built = await building;
      return built.version === version ? built : build();
    },
  };
}

export function priceListEtag(version: string): string {
  return `W/"price-list-${version}"`;
}
