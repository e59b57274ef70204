import useSWR from 'swr';
import { callRoute } from './client';
import type { CompaniesResult } from './types';

/**
 * The clients the user can report on (route fetch_companies, POST {}).
 * Key `['fetch_companies', {}]`; keeps the previous list while revalidating.
 */
export function useCompanies() {
  return useSWR(
    ['fetch_companies', {}] as const,
    ([name, input]) => callRoute<CompaniesResult>(name, input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
