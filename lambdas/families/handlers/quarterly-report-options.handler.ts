import { familyOptionsInputSchema } from '#shared/contracts/families.schema';
import { userRoute } from '#shared/http/route-handler';
import { systemClock } from '../../reports/adapters/compose';
import { companiesFromEnv, familyFilesFromEnv, familyJobsFromEnv, lazy } from '../adapters/compose';
import { familyOptions } from '../core/options';

/**
 * GET /ss_rest/quarterly_report_options (spec §7): the clients the caller may see with the quarters they have
 * airings in, and the caller's recent generated reports.
 */
export function makeHandler(deps: () => Parameters<typeof familyOptions>[0]) {
  return userRoute(familyOptionsInputSchema, (input, { caller }) =>
    familyOptions(deps(), caller, 'quarter', input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({
    companies: companiesFromEnv(),
    jobs: familyJobsFromEnv(),
    files: familyFilesFromEnv(),
    clock: systemClock,
  })),
);
