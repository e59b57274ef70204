import type { CompaniesRepository } from '../../../layers/shared/companies/companies';
import { userRoute } from '../../../layers/shared/http/route-handler';
import { companiesFromEnv, lazy, storeFromEnv } from '../adapters/compose';
import { getReport } from '../core/get-report';
import type { ReportStore } from '../core/ports';
import { getReportSchema } from './get-report.schema';

/** Dependencies of the get_report route. */
export interface GetReportDeps {
  companies: CompaniesRepository;
  store: ReportStore;
}

/** GET /ss_rest/get_report: the ReportView (layers/shared/contracts/report.schema.ts); 404 when none. */
export function makeHandler(deps: () => GetReportDeps) {
  return userRoute(getReportSchema, (input, { caller }) => getReport(deps(), caller, input));
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({ companies: companiesFromEnv(), store: storeFromEnv() })),
);
