import useSWR from 'swr';
import { callRoute } from './client';
import type { CompaniesResult } from './types';

/**
 * Every client the user can report on (route fetch_companies, POST `{ all_clients: true }`: one
 * page of all of them, without the task list's saved filters).
 * Key `['fetch_companies', { all_clients: true }]`; keeps the previous list while revalidating.
 */
export function useCompanies() {
  return useSWR(
    ['fetch_companies', { all_clients: true }] as const,
    ([name, input]) => callRoute<CompaniesResult>(name, input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
