import useSWR from 'swr';
import type { z } from 'zod';
import {
  type CompaniesPage,
  type CompanyFilters,
  companiesPageSchema,
  saveFavoriteResultSchema,
  saveFiltersResultSchema,
} from '#shared/contracts/companies.schema';
import {
  type BreakdownResult,
  breakdownResultSchema,
  type ClientInfo,
  type ClientMergeResult,
  type CompanySaveInput,
  clientInfoResultSchema,
  clientMergeResultSchema,
  companySaveResultSchema,
  requestHelpResultSchema,
} from '#shared/contracts/company-client.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { ApiError, callRoute } from '../api/client';

/**
 * The company task list's calls (spec §7 "Company task list", all POST), each answer checked
 * against the shared contract (layers/shared/contracts/companies.schema.ts): an answer of the
 * wrong shape fails with the spec §8 generic message instead of drawing half a screen.
 */

/** Calls a route and validates its result. @throws ApiError (the server's, or `internal`). */
async function call<S extends z.ZodType>(
  name: string,
  input: Record<string, unknown>,
  schema: S,
): Promise<z.output<S>> {
  const result = await callRoute<unknown>(name, input);
  const parsed = schema.safeParse(result);
  if (!parsed.success) {
    console.warn(`${name}: unexpected answer`, parsed.error.issues);
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'internal', 200);
  }
  return parsed.data;
}

/**
 * One page of the task list (fetch_companies { filters?, page }): the server filters, sorts and
 * pages (10 a page, spec §9). `filters` undefined sends none, so the caller's saved filters (or
 * the spec §4 defaults) apply. Key `['fetch_companies', { filters, page }]`; the previous page
 * stays on screen while the next loads.
 */
export function useCompanyPage(filters: CompanyFilters | undefined, page: number) {
  return useSWR(
    ['fetch_companies', { filters, page }] as const,
    ([name, input]) => call(name, input, companiesPageSchema),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/** A row's mini breakdown (fetch_company_breakdowns { client_uid }); null uid = no request. */
export function useCompanyBreakdown(clientUid: string | null) {
  return useSWR(
    clientUid ? (['fetch_company_breakdowns', { client_uid: clientUid }] as const) : null,
    ([name, input]): Promise<BreakdownResult> => call(name, input, breakdownResultSchema),
    { revalidateOnFocus: false },
  );
}

/** A client's editable info and reps (fetch_client_info { client_uid }); null = no request. */
export function useClientInfo(clientUid: string | null) {
  return useSWR(
    clientUid ? (['fetch_client_info', { client_uid: clientUid }] as const) : null,
    async ([name, input]): Promise<ClientInfo> =>
      (await call(name, input, clientInfoResultSchema)).client_info,
    { revalidateOnFocus: false },
  );
}

/** save_favorite: adds or removes a client from the caller's favourites. */
export function saveFavorite(clientUid: string, added: boolean) {
  return call('save_favorite', { client_uid: clientUid, added }, saveFavoriteResultSchema);
}

/** save_filters: keeps `filters` as the caller's default filters. */
export function saveFilters(filters: CompanyFilters) {
  return call('save_filters', { filters }, saveFiltersResultSchema);
}

/** company_save: creates (no client_uid) or edits a client. @returns the saved client's info. */
export async function saveCompany(input: CompanySaveInput) {
  return call('company_save', { ...input }, companySaveResultSchema);
}

/** client_merge: moves the duplicate `from` into `into`; the duplicate is gone afterwards. */
export function mergeClients(fromUid: string, intoUid: string): Promise<ClientMergeResult> {
  return call(
    'client_merge',
    { from_client_uid: fromUid, into_client_uid: intoUid },
    clientMergeResultSchema,
  );
}

/** Help topics a request may name (requestHelpInputSchema). */
export type HelpTopic = 'connection' | 'postlog' | 'report' | 'billing' | 'other';

/** request_help: sends a message to the team inbox with the client attached. */
export function requestHelp(clientUid: string | undefined, topic: HelpTopic, message: string) {
  return call('request_help', { client_uid: clientUid, topic, message }, requestHelpResultSchema);
}

export type { CompaniesPage };
