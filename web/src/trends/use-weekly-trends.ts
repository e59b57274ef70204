import useSWR from 'swr';
import {
  type WeeklyTrendsSettings,
  weeklyTrendsResultSchema,
} from '#shared/contracts/weekly-trends.schema';
import { callRoute } from '../api/client';

/**
 * The weekly trends view's data (weekly_trends; spec §3 "Weekly trends"): filter options, the
 * applied settings, week ends and one row per industry, validated with the shared contract.
 * Key `['weekly_trends', { week_count, dma_codes, industries }]`.
 */
export function useWeeklyTrends(settings: WeeklyTrendsSettings) {
  return useSWR(
    ['weekly_trends', settings] as const,
    async ([name, input]) => weeklyTrendsResultSchema.parse(await callRoute(name, input)),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
