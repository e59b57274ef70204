import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import { userRoute } from '../../../layers/shared/http/route-handler';
import { companiesFromEnv, lazy, storeFromEnv } from '../adapters/compose';
import { plansFromEnv, reportSessionsFromEnv } from '../adapters/report-session-deps';
import { DrillCache, fetchDrilldowns } from '../core/drilldowns';
import type { ReportStore } from '../core/ports';
import type { AllowanceDeps } from '../core/usage';
import { fetchDrilldownsSchema } from './fetch-drilldowns.schema';

/**
 * Dependencies of the fetch_drilldowns and fetch_stream_drilldowns routes (usage and plans: the
 * report sections the caller has unlocked past the free reports).
 */
export interface FetchDrilldownsDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  store: ReportStore;
  /** Decoded drill data of recent reports, kept by the warm container. */
  cache?: DrillCache;
}

/**
 * POST /ss_rest/fetch_drilldowns (spec §7; issue #4): the report re-aggregated over the filters,
 * a DrilldownView (layers/shared/contracts/report.schema.ts); 404 for a client the caller may not
 * read or a report without drill data.
 */
export function makeHandler(deps: () => FetchDrilldownsDeps) {
  return userRoute(fetchDrilldownsSchema, (input, { caller }) =>
    fetchDrilldowns(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({
    companies: companiesFromEnv(),
    store: storeFromEnv(),
    usage: reportSessionsFromEnv(),
    plans: plansFromEnv(),
    cache: new DrillCache(),
  })),
);
