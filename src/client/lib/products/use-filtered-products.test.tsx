// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@common/contracts/products';
import { EMPTY_STOCK_FILTERS, type StockFilters } from '@common/domain/stock-filters';
import { useFilteredProducts } from './use-filtered-products';

function product(id: number, line: string): Product {
  return {
    id, name: `Tile ${id}`, collection: null, line, size: '12x24', color: 'White', finish: 'Matte', description: null,
    stockLevel: '10', quantityOnOrder: 0,
  } as Product;
}

const CATALOGUE = [product(1001, 'Calacatta'), product(1002, 'Pietra'), product(1003, 'Travertino')];

/** Every render's search box value beside the search its rows answer. */
let renders: { typed: string; applied: string; rows: number }[] = [];

function Probe({ filters }: { filters: StockFilters }) {
  const { rows, applied } = useFilteredProducts(CATALOGUE, filters);
  renders.push({ typed: filters.search, applied: applied.search, rows: rows.length });
  return null;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useFilteredProducts: a keystroke and its rows (ADR 0200)', () => {
  let root: Root;
  beforeEach(() => {
    renders = [];
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.restoreAllMocks();
  });

  const type = (search: string) => act(() => root.render(<Probe filters={{ ...EMPTY_STOCK_FILTERS, search }} />));

  it('filters in the keystroke\'s own render while filtering is cheap: no render shows a letter without its rows', () => {
    // Every clock reading 1 ms after the last: each filtering "takes" 1 ms, whatever else the machine is
    // doing (a real clock on a loaded CI machine once measured a 3-row filtering above a frame).
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    type('');
    type('p');
    type('pi');
    expect(renders.filter((r) => r.typed !== r.applied)).toEqual([]);
    expect(renders.at(-1)).toEqual({ typed: 'pi', applied: 'pi', rows: 1 });
  });

  it('renders the letter first and the rows after once a filtering took longer than a frame', () => {
    type('');
    // Every clock reading 40 ms after the last: each filtering "takes" 40 ms.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 40));
    type('p');
    type('pi');
    const lagging = renders.filter((r) => r.typed !== r.applied);
    expect(lagging.length).toBeGreaterThan(0);
    // The rows catch up in the deferred render.
    expect(renders.at(-1)).toEqual({ typed: 'pi', applied: 'pi', rows: 1 });
  });
});

describe('useFilteredProducts: exact SKU first (docs/decisions/0213)', () => {
  it('lists SKU 1002 before 11002, 21002 and 31002', () => {
    const catalogue = [product(11002, 'A'), product(21002, 'B'), product(31002, 'C'), product(1002, 'D'), product(10025, 'E')];
    const seen: number[][] = [];
    function Ranked() {
      seen.push(useFilteredProducts(catalogue, { ...EMPTY_STOCK_FILTERS, search: '1002' }).rows.map((p) => p.id));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Ranked />));
    expect(seen.at(-1)).toEqual([1002, 10025, 11002, 21002, 31002]);
    act(() => root.unmount());
  });
});

