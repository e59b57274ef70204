import { createContext, useContext } from 'react';
import { BRANDS, type Brand } from '#shared/brands';

/**
 * The brand a page is shown as (layers/shared/brands.ts): the ratings site's entry provides the
 * ratings brand, every other entry leaves the default, so shared screens (the account pages'
 * frame) carry the right name and logo on either site.
 */
export const BrandContext = createContext<Brand>(BRANDS.analyticowl);

/** The brand of the current page. @default the first brand (AnalyticOwl) */
export function useBrand(): Brand {
  return useContext(BrandContext);
}
