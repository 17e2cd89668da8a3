// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '@common/contracts/lots';
import type { Product } from '@common/contracts/products';
import { STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { availabilityQueryOptions } from '@client/api/get-product-availability';
import { StockAddRow, type StockAddActionProps } from './stock-add-row';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const product = (id: number, stockLevel: string, quantityOnOrder: number): Product => ({
  id,
  name: `Tile ${id}`,
  collection: null,
  line: 'Sahara Sandstone',
  size: '24x48',
  color: 'Ivory',
  finish: 'Lappato',
  soldBy: 'Box',
  description: null,
  price: '82.00',
  imageUrl: null,
  stockLevel,
  coverage: '15.5',
  pricePerSqft: '5.29',
  quantityOnOrder,
});

const availability = (productId: number, incoming: AvailabilityResponse['incoming']): AvailabilityResponse => ({
  productId,
  onHand: 0,
  largestLot: null,
  largestLotCode: null,
  lots: [],
  moreLots: 0,
  incoming,
  moreIncoming: 0,
  nextEta: incoming[0]?.eta ?? null,
  notifyRequested: false,
});

const VESSEL = { quantity: 120, eta: '2027-12-20', stage: 'on_vessel' as const, lot: 'L7720C', reference: null };

/** The loads are in the cache, as GET /api/products/{id}/availability gave them: nothing is fetched. */
function clientWith(answers: AvailabilityResponse[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const answer of answers) client.setQueryData(availabilityQueryOptions(answer.productId).queryKey, answer);
  return client;
}

describe('StockAddRow: an out-of-stock SKU with a load due is ordered, not only waited for (docs/decisions/0238)', () => {
  let root: Root;
  let host: HTMLDivElement;
  let actions: StockAddActionProps[];
  const input = () => host.querySelector<HTMLInputElement>('input[type="number"]')!;
  const offer = () => host.querySelector<HTMLElement>('[data-testid="backorder-offer"]');

  function render(item: Product, answers: AvailabilityResponse[]) {
    act(() =>
      root.render(
        <QueryClientProvider client={clientWith(answers)}>
          <StockAddRow
            product={item}
            renderAddAction={(props) => {
              actions.push(props);
              return <button type="button">Add to PO</button>;
            }}
          />
        </QueryClientProvider>,
      ),
    );
  }

  const type = (value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input(), value);
      input().dispatchEvent(new Event('input', { bubbles: true }));
    });

  beforeEach(() => {
    actions = [];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('offers a labelled quantity and the add, saying when the boxes arrive', () => {
    render(product(31311, '0', 120), [availability(31311, [VESSEL])]);
    expect(offer()?.textContent).toBe('Arrives about Dec 20: order now, ships when it lands');
    expect(host.textContent).not.toContain('This item is currently out of stock');
    expect(input().disabled).toBe(false);
    const label = host.querySelector<HTMLLabelElement>(`label[for="${input().id}"]`);
    expect(label?.textContent).toBe('Quantity (boxes)');
    expect(input().getAttribute('aria-describedby')).toBe(offer()?.id);
    expect(actions.at(-1)).toMatchObject({ quantity: 1, canAdd: true });
  });

  it('shows the split the server answered after the add', () => {
    render(product(31311, '0', 120), [availability(31311, [VESSEL])]);
    type('40');
    expect(actions.at(-1)).toMatchObject({ quantity: 40, canAdd: true });
    act(() => actions.at(-1)!.onAdded('Added to PO', '40 about Dec 20 (on vessel)'));
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Added to POBackorder: 40 about Dec 20 (on vessel)');
  });

  it('says how many can be ordered past every load', () => {
    render(product(31311, '0', 120), [availability(31311, [VESSEL])]);
    type('130');
    expect(offer()?.textContent).toBe('Only 120 can be ordered, all from incoming loads');
  });

  it('says what ships now for a short SKU once the quantity passes its stock', () => {
    render(product(32103, '3', 120), [availability(32103, [VESSEL])]);
    expect(offer()).toBeNull();
    type('50');
    expect(offer()?.textContent).toBe('3 in stock now; the other 47 arrive about Dec 20: order now, they ship when they land');
  });

  it('keeps an out-of-stock SKU with no load closed: the stock message, the quantity disabled', () => {
    render(product(31312, '0', 0), [availability(31312, [])]);
    expect(offer()).toBeNull();
    expect(host.textContent).toContain('This item is currently out of stock');
    expect(input().disabled).toBe(true);
    expect(actions.at(-1)).toMatchObject({ canAdd: false });
  });

  it('never offers a special-order SKU, whatever is on order', () => {
    render(product(31313, STOCK_SPECIAL_ORDER, 40), [availability(31313, [VESSEL])]);
    expect(offer()).toBeNull();
    expect(input().disabled).toBe(true);
    expect(actions.at(-1)).toMatchObject({ canAdd: false });
  });
});
