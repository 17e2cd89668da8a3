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
export function createPriceListService({ products }: { products: ProductsService }) {
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
