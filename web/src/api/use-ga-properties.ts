import useSWR from 'swr';
import {
  type ListPropertiesResult,
  listPropertiesResultSchema,
} from '#shared/contracts/connections.schema';
import { ApiError, callRoute } from './client';

/** What Google handed back to the finish page: its authorization code and the `state`. */
export interface GoogleGrant {
  code: string;
  state: string;
  /** The client, when the return address named it. */
  cid?: string;
}

/** list_properties checked against the shared contract. @throws ApiError */
export async function fetchGaProperties(input: GoogleGrant): Promise<ListPropertiesResult> {
  const parsed = listPropertiesResultSchema.safeParse(
    await callRoute<unknown>('list_properties', { ...input }),
  );
  if (!parsed.success)
    throw new ApiError('Your Google Analytics properties could not be read.', 'invalid', 200);
  return parsed.data;
}

/**
 * The Google Analytics 4 properties the signed-in Google user can read (public route
 * list_properties, { code, state, cid? }). Fetched once per grant: the first call trades the
 * code, a reload asks again with the same code and the server reuses what it traded. Failures
 * are not retried (a refused code stays refused). No grant -> no request.
 * Key `['list_properties', { code, state, cid }]`.
 */
export function useGaProperties(grant: GoogleGrant | null) {
  return useSWR(
    grant ? (['list_properties', grant] as const) : null,
    ([, input]) => fetchGaProperties(input),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    },
  );
}
