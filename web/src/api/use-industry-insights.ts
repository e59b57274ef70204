import useSWR, { mutate as globalMutate, type ScopedMutator } from 'swr';
import {
  type IndustryInsights,
  industryInsightsSchema,
  type SetClientIndustryInput,
  setClientIndustryInputSchema,
} from '#shared/contracts/industry-insights.schema';
import { ApiError, callRoute } from './client';

/**
 * The SWR key of a client's industry insights: `['industry_insights', { client_uid }]`, with
 * `report_id` in the object when a given report is compared (an older report on screen).
 */
export const industryInsightsKey = (clientUid: string, reportId?: string) =>
  [
    'industry_insights',
    reportId ? { client_uid: clientUid, report_id: reportId } : { client_uid: clientUid },
  ] as const;

/** True for every {@link industryInsightsKey} of the client, whatever its report. */
export const isIndustryInsightsKeyOf = (clientUid: string) => (key: unknown) =>
  Array.isArray(key) &&
  key[0] === 'industry_insights' &&
  (key[1] as { client_uid?: unknown } | undefined)?.client_uid === clientUid;

/**
 * Fetches a client's industry response summary (route industry_insights, GET { client_uid,
 * report_id? }: that report of the client compared, else its latest)
 * and checks it against the shared contract (layers/shared/contracts/industry-insights.schema.ts).
 * @throws ApiError: the server's code (e.g. `forbidden`, `not_found`), or `invalid_insights` when
 * the answer breaks the contract.
 */
export async function fetchIndustryInsights(input: {
  client_uid: string;
  report_id?: string;
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
 * results.industry_insights), compared through `reportId` (the report on screen) when given, else
 * through the client's latest report. No client -> no request. Key {@link industryInsightsKey};
 * keeps the previous answer while loading, so callers compare `data.client_uid` (and
 * `data.report_id`) with what is shown.
 */
export function useIndustryInsights(clientUid: string | undefined, reportId?: string) {
  return useSWR(
    clientUid ? industryInsightsKey(clientUid, reportId) : null,
    ([, input]) => fetchIndustryInsights(input),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/**
 * Sets a client's industry (route set_client_industry, POST { client_uid, industry_id }: an IAB
 * ad-product taxonomy id such as '1268'), then revalidates {@link useIndustryInsights} for that
 * client (every report_id). Pass the `mutate` of `useSWRConfig()` when the caller sits under its
 * own SWR cache provider; the default is SWR's global cache.
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
  // Every report's panel of the client changes: revalidate them all, whatever their report_id.
  await mutate(isIndustryInsightsKeyOf(input.data.client_uid));
  return echoed.success ? echoed.data : input.data;
}
