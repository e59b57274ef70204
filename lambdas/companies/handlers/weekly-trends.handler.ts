import { z } from 'zod';
import { DynamoAccounts } from '#shared/accounts/dynamo-accounts';
import { ddbDocClient } from '#shared/aws/clients';
import { weeklyTrendsInputSchema } from '#shared/contracts/weekly-trends.schema';
import { envString, readEnv } from '#shared/env';
import { userRoute } from '#shared/http/route-handler';
import { ENV } from '#shared/workers';
import { DynamoIndustryBenchmarks } from '../../reports/adapters/dynamo-industry-benchmarks';
import { type WeeklyTrendsDeps, weeklyTrends } from '../core/weekly-trends';

/**
 * POST /ss_rest/weekly_trends (spec §3 "Weekly trends", §7): `{ filter_options, settings,
 * week_ends, rows, show_badges, sample_data }` (layers/shared/contracts/weekly-trends.schema.ts)
 * for `{ week_count?, dma_codes?, industries? }`. Industry figures only, never an advertiser's.
 */
export function makeHandler(deps: () => WeeklyTrendsDeps) {
  return userRoute(weeklyTrendsInputSchema, (input, { caller }) =>
    weeklyTrends(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let built: WeeklyTrendsDeps | undefined;
export const handler = makeHandler(() => {
  if (!built) {
    const env = readEnv(z.object({ [ENV.companiesTable]: envString }));
    const db = ddbDocClient();
    const table = env[ENV.companiesTable] as string;
    const accounts = new DynamoAccounts(db, table);
    built = {
      benchmarks: new DynamoIndustryBenchmarks(db, table),
      userType: async (userId) => (await accounts.getProfile(userId))?.user_type ?? null,
    };
  }
  return built;
});
