import { ddbDocClient } from '#shared/aws/clients';
import { requiredEnv } from '#shared/env';
import { noInput, publicRoute } from '#shared/http/route-handler';
import type { Industry } from '#shared/reference/industries';
import { ENV } from '#shared/workers';
// The trends are kept by the reports context's benchmark store, on the same CompaniesTable.
import { DynamoIndustryBenchmarks } from '../../reports/adapters/dynamo-industry-benchmarks';
import { DynamoReference } from '../adapters/dynamo-reference';
import { industriesWithTrends, type ReferenceStore, type TrendSource } from '../core/reference';

/**
 * GET /ss_rest/industries (spec §7 dropdowns): `{ industries: [...] }`, each with its weekly
 * `trends` when the industry has one; empty when the reference data was never loaded (README
 * "Sample data"). Public: the registration form and the landing lookup need it before sign-in.
 */
export function makeHandler(store: () => ReferenceStore, trends?: () => TrendSource) {
  return publicRoute(noInput, async () => {
    const list = (await store().get<Industry>('industries')) ?? [];
    return { industries: trends ? await industriesWithTrends(list, trends()) : list };
  });
}

// Composition root: built on the first request, reused by the container.
const table = () => requiredEnv(process.env, ENV.companiesTable);
let store: ReferenceStore | undefined;
let trendSource: TrendSource | undefined;
export const handler = makeHandler(
  () => {
    store ??= new DynamoReference(ddbDocClient(), table());
    return store;
  },
  () => {
    trendSource ??= new DynamoIndustryBenchmarks(ddbDocClient(), table());
    return trendSource;
  },
);
