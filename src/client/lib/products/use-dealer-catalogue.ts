import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';
import { useProductPrices } from '@client/api/get-product-prices';
import { errorMessage } from '@client/lib/api-client';
import { dealerPricesOf, NO_DEALER_PRICES, withDealerPrices, type DealerPrices } from './dealer-prices';
import { useCatalogue } from './use-catalogue';

/** The URL parameter an admin's company choice lives in (docs/ui-rules.md: state that matters lives in the URL). */
export const COMPANY_PARAM = 'company';

/** An admin's chosen company (`?company=12`), null when none; only admins may choose. */
export function useCompanyChoice(user: CurrentUser): [number | null, (companyId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(COMPANY_PARAM);
  const chosen = user.activeRole === 'admin' && raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const choose = useCallback(
    (companyId: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (companyId === null) next.delete(COMPANY_PARAM);
          else next.set(COMPANY_PARAM, String(companyId));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, choose];
}

/** Whose prices the overlay is asked for: the dealer's own company, an admin's choice, or nobody's. */
export function overlayCompanyOf(user: CurrentUser, chosen: number | null): { wanted: boolean; companyId: number | null } {
  if (!user.permissions.includes('view_prices')) return { wanted: false, companyId: null };
  if (user.activeRole === 'admin') return { wanted: chosen !== null, companyId: chosen };
  // Salespeople keep base prices (docs/product-decisions.md); a dealer asks for their own, without naming it.
  return { wanted: user.activeRole === 'bold_customer' && user.companyId !== null, companyId: null };
}

export interface DealerCatalogue {
  /** The catalogue with each `price` the dealer's price of one unit (sorting and filtering use it). */
  products: Product[] | undefined;
  /** Where each differing price came from, its base price and breaks. */
  dealerPrices: DealerPrices;
  isPending: boolean;
  isError: boolean;
  /** Whose prices are shown, when an admin chose a company. */
  companyName: string | null;
  /** Why the overlay failed (the prices shown are then base prices); null when it did not. */
  pricesProblem: string | null;
  /** Offline, while only the device's first rows are read: how many products the whole copy has (docs/decisions/0234). */
  partialOf?: number;
}

/**
 * The catalogue and the dealer's price overlay (docs/decisions/0232), asked for side by side: the
 * overlay's request leaves at once (on /stock the page preloaded it with the catalogue), not after
 * the catalogue arrived. The page waits for both, so a contract dealer never sees base prices flash.
 */
export function useDealerCatalogue(user: CurrentUser, chosenCompany: number | null = null): DealerCatalogue {
  const catalogue = useCatalogue();
  const { wanted, companyId } = overlayCompanyOf(user, chosenCompany);
  const overlay = useProductPrices({ companyId, enabled: wanted });
  const waiting = wanted && overlay.isPending;
  const dealerPrices = useMemo(
    () => (wanted && catalogue.products ? dealerPricesOf(overlay.data, catalogue.products) : NO_DEALER_PRICES),
    [wanted, overlay.data, catalogue.products],
  );
  const products = useMemo(
    () => (catalogue.products ? withDealerPrices(catalogue.products, dealerPrices) : undefined),
    [catalogue.products, dealerPrices],
  );
  return {
    products: waiting ? undefined : products,
    dealerPrices,
    isPending: catalogue.isPending || waiting,
    isError: catalogue.isError,
    companyName: wanted ? (overlay.data?.companyName ?? null) : null,
    pricesProblem: wanted && overlay.isError ? errorMessage(overlay.error, 'Your prices could not be loaded; the prices shown are base prices.') : null,
    partialOf: catalogue.partialOf,
  };
}
