import useSWR, { mutate as globalMutate, type ScopedMutator } from 'swr';
import {
  type IndustryInsights,
  industryInsightsSchema,
  type SetClientIndustryInput,
  setClientIndustryInputSchema,
} from '../../../layers/shared/contracts/industry-insights.schema';
import { ApiError, callRoute } from './client';

/** The SWR key of a client's industry insights: `['industry_insights', { client_uid }]`. */
export const industryInsightsKey = (clientUid: string) =>
  ['industry_insights', { client_uid: clientUid }] as const;

/**
 * Fetches a client's industry response summary (route industry_insights, GET { client_uid })
 * and checks it against the shared contract (layers/shared/contracts/industry-insights.schema.ts).
 * @throws ApiError: the server's code (e.g. `forbidden`, `not_found`), or `invalid_insights` when
 * the answer breaks the contract.
 */
export async function fetchIndustryInsights(input: {
  client_uid: string;
}): Promise<IndustryInsights> {
  const raw = await callRoute<unknown>('industry_insights', input);
  const parsed = industryInsightsSchema.safeParse(raw);
  if (!parsed.success) {
    console.error('industry_insights result breaks the contract', parsed.error.issues.slice(0, 5));
    throw new ApiError('The industry benchmarks could not be read.', 'invalid_insights', 200);
  }
  return parsed.data;
}

/**
 * The industry response summary of a client (spec §1 "Industry Insights", §3
 * results.industry_insights). No client -> no request. Key {@link industryInsightsKey}; keeps the
 * previous answer while loading, so callers compare `data.client_uid` with the client shown.
 */
export function useIndustryInsights(clientUid: string | undefined) {
  return useSWR(
    clientUid ? industryInsightsKey(clientUid) : null,
    ([, input]) => fetchIndustryInsights(input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/**
 * Sets a client's industry (route set_client_industry, POST { client_uid, industry_id }: an IAB
 * ad-product taxonomy id such as '1268'), then revalidates {@link useIndustryInsights} for that
 * client. Pass the `mutate` of `useSWRConfig()` when the caller sits under its own SWR cache
 * provider; the default is SWR's global cache.
 * @returns the stored pair, as the route echoes it.
 * @throws ApiError: `invalid_input` (field `industry_id`, "Please choose an industry") before any
 * call when the id is empty or malformed; the server's `forbidden` (403, the caller may not set
 * it) or `not_found` (404, unknown client or industry) otherwise.
 */
export async function setClientIndustry(
  clientUid: string,
  industryId: string,
  mutate: ScopedMutator = globalMutate,
): Promise<SetClientIndustryInput> {
  const input = setClientIndustryInputSchema.safeParse({
    client_uid: clientUid,
    industry_id: industryId,
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    throw new ApiError(
      issue?.message ?? 'Please choose an industry',
      'invalid_input',
      0,
      issue?.path.join('.') || undefined,
    );
  }
  const raw = await callRoute<unknown>('set_client_industry', input.data);
  // The route echoes its input's shape; fall back to what was sent if it says less.
  const echoed = setClientIndustryInputSchema.safeParse(raw);
  await mutate(industryInsightsKey(input.data.client_uid));
  return echoed.success ? echoed.data : input.data;
}
