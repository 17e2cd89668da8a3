import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@common/contracts/auth';
import type { ProductPrices } from '@common/contracts/product-prices';
import type { Product } from '@common/contracts/products';
import { dealerPricesOf, withDealerPrices } from '@client/lib/products/dealer-prices';
import { overlayCompanyOf } from '@client/lib/products/use-dealer-catalogue';
import { DealerPriceText } from './dealer-price';

/** The dealer's price on screen (docs/decisions/0232): "$8.40", "Contract 2026", "100+ boxes $7.90", the base struck through. */
const product = (id: number, price: string | null, extra: Partial<Product> = {}): Product => ({
  id,
  name: `Tile ${id}`,
  collection: null,
  line: null,
  size: null,
  color: null,
  finish: null,
  soldBy: 'Box',
  description: null,
  imageUrl: null,
  stockLevel: '10',
  coverage: '15.5',
  quantityOnOrder: 0,
  price,
  pricePerSqft: price === null ? null : '0.60',
  ...extra,
});

const catalogue = [product(1, '9.00'), product(2, '20.00'), product(3, null), product(4, '5.00', { soldBy: 'Each' })];
const overlay: ProductPrices = {
  companyId: 7,
  companyName: 'Stone & Co',
  today: '2026-12-02',
  lists: [
    { code: 'C26', name: 'Contract 2026' },
    { code: 'GOLD', name: 'Gold' },
  ],
  prices: [
    { id: 1, steps: [{ from: 1, price: '8.40', list: 0 }, { from: 100, price: '7.90', list: 0 }] },
    { id: 3, steps: [{ from: 1, price: '50.00', list: 1 }] },
    { id: 99, steps: [{ from: 1, price: '1.00', list: 1 }] },
  ],
};

function markup(id: number) {
  const prices = dealerPricesOf(overlay, catalogue);
  const shown = withDealerPrices(catalogue, prices).find((p) => p.id === id)!;
  return renderToStaticMarkup(<DealerPriceText product={shown} dealer={prices.get(id)} />).replace(/<!-- -->/g, '');
}

describe('the dealer price on screen', () => {
  it('shows the contract price, its list, its breaks and the base price struck through', () => {
    const html = markup(1);
    expect(html).toContain('$8.40');
    expect(html).toContain('Contract 2026');
    expect(html).toMatch(/100\+ boxes <span[^>]*>\$7\.90/);
    expect(html).toMatch(/<del[^>]*><span class="sr-only">base price <\/span>\$9\.00<\/del>/);
  });

  it('prices a CALL product from its list, and shows a product the lists leave alone at its base price only', () => {
    expect(markup(3)).toContain('$50.00');
    expect(markup(3)).toContain('Gold');
    expect(markup(3)).toMatch(/<del[^>]*>.*CALL<\/del>/);
    const plain = markup(2);
    expect(plain).toContain('$20.00');
    expect(plain).not.toContain('<del');
  });

  it("makes the dealer's price the product's price, so sorting and filtering by price use it (per sq ft scaled alike)", () => {
    const shown = withDealerPrices(catalogue, dealerPricesOf(overlay, catalogue));
    expect(shown.map((p) => p.price)).toEqual(['8.40', '20.00', '50.00', '5.00']);
    expect(shown[0]?.pricePerSqft).toBe('0.56');
    expect(shown[1]).toBe(catalogue[1]);
    expect(withDealerPrices(catalogue, dealerPricesOf(undefined, catalogue))).toBe(catalogue);
  });

  it('builds a SKU\'s price once, on first use, and knows nothing of SKUs outside the catalogue', () => {
    const prices = dealerPricesOf(overlay, catalogue);
    expect(prices.get(1)).toBe(prices.get(1));
    expect(prices.get(1)).toMatchObject({ price: '8.40', basePrice: '9.00', listName: 'Contract 2026', breaks: [{ from: 100, price: '7.90' }] });
    expect(prices.has(99)).toBe(false);
    expect(prices.get(2)).toBeUndefined();
  });

  it('asks for a dealer their own prices, for an admin the chosen company only, and never for salespeople', () => {
    const user = (activeRole: CurrentUser['activeRole'], companyId: number | null) =>
      ({ activeRole, companyId, permissions: ['view_stock', 'view_prices'] }) as unknown as CurrentUser;
    expect(overlayCompanyOf(user('bold_customer', 7), null)).toEqual({ wanted: true, companyId: null });
    expect(overlayCompanyOf(user('bold_customer', null), null)).toEqual({ wanted: false, companyId: null });
    expect(overlayCompanyOf(user('salesperson', null), 7)).toEqual({ wanted: false, companyId: null });
    expect(overlayCompanyOf(user('admin', null), null)).toEqual({ wanted: false, companyId: null });
    expect(overlayCompanyOf(user('admin', null), 7)).toEqual({ wanted: true, companyId: 7 });
  });
});
