import { fetchBreakdownsInputSchema } from '#shared/contracts/company-client.schema';
import { userRoute } from '#shared/http/route-handler';
import { buildClientDeps, reportFilesFromEnv } from '../adapters/client-deps';
import type { ClientDeps, ReportFiles } from '../core/client-ports';
import { fetchCompanyBreakdowns } from '../core/company-breakdowns';

type Deps = Pick<ClientDeps, 'companies'> & { reports: Pick<ReportFiles, 'view'> };

/**
 * POST /ss_rest/fetch_company_breakdowns (spec §7): `{ client_uid }` -> the row's mini breakdown
 * (latest report, or the post-log alone) and global_data. 404 for a client the caller cannot see.
 */
export function makeHandler(deps: () => Deps) {
  return userRoute(fetchBreakdownsInputSchema, (input, { caller }) =>
    fetchCompanyBreakdowns(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
let deps: Deps | undefined;
export const handler = makeHandler(() => {
  deps ??= { companies: buildClientDeps().companies, reports: reportFilesFromEnv() };
  return deps;
});
