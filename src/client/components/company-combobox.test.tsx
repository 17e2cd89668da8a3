// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyView } from '@common/contracts/companies';
import { companySearchQueryOptions } from '@client/api/search-companies';
import { CompanyCombobox, type CompanyChoice } from './company-combobox';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const company = (id: number, name: string, accountNumber: string | null): CompanyView =>
  ({ id, name, accountNumber, status: 'active', priceGroup: null, paymentTerms: null, notes: null, buyerCount: 1, createdAt: '', updatedAt: '' }) as CompanyView;
const FIRST = [company(1, 'Coastal Floors & Design LLC', 'C-1001'), company(2, 'Garcia Tile', 'C-1002')];

/** The search's answers are in the cache (as GET /api/companies gave them), so nothing is fetched. */
function clientWithAnswers(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companySearchQueryOptions('').queryKey, { companies: FIRST, total: 2 });
  client.setQueryData(companySearchQueryOptions('garcia').queryKey, { companies: [FIRST[1]!], total: 1 });
  return client;
}

describe('CompanyCombobox: a company by name or account number, from the keyboard', () => {
  let root: Root;
  let host: HTMLDivElement;
  let chosen: (CompanyChoice | null)[];
  const input = () => host.querySelector<HTMLInputElement>('[role="combobox"]')!;
  const options = () => [...host.querySelectorAll<HTMLElement>('[role="option"]')];
  const key = (k: string) => act(() => void input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

  function render(value: CompanyChoice | null) {
    act(() =>
      root.render(
        <QueryClientProvider client={clientWithAnswers()}>
          <label htmlFor="c">Company</label>
          <CompanyCombobox id="c" value={value} onChange={(c) => chosen.push(c)} />
        </QueryClientProvider>,
      ),
    );
  }

  beforeEach(() => {
    chosen = [];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('is a labelled combobox whose list opens on focus, the arrows move through it and Enter chooses', () => {
    render(null);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector<HTMLElement>('[role="listbox"]')!.parentElement!.hidden).toBe(true);
    act(() => input().focus());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((o) => o.textContent)).toEqual(['Coastal Floors & Design LLCC-1001', 'Garcia TileC-1002']);
    key('ArrowDown');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    key('Enter');
    expect(chosen).toEqual([FIRST[0]]);
    expect(input().value).toBe('Coastal Floors & Design LLC (C-1001)');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('searches what is typed, and Escape closes the list, then puts the chosen company back', async () => {
    render({ id: 1, name: 'Coastal Floors & Design LLC', accountNumber: 'C-1001' });
    act(() => input().focus());
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input(), 'garcia');
      input().dispatchEvent(new Event('input', { bubbles: true }));
    });
    // The search waits for typing to pause.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(options().map((o) => o.textContent)).toEqual(['Garcia TileC-1002']);
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('garcia');
    key('Escape');
    expect(input().value).toBe('Coastal Floors & Design LLC (C-1001)');
    expect(chosen).toEqual([]);
  });
});
