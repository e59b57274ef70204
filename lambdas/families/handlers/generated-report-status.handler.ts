import { familyStatusInputSchema } from '#shared/contracts/families.schema';
import { userRoute } from '#shared/http/route-handler';
import { familyFilesFromEnv, familyJobsFromEnv, lazy } from '../adapters/compose';
import { generationStatus } from '../core/generate';
import type { FamilyFiles, FamilyJobs } from '../core/ports';

/**
 * GET /ss_rest/generated_report_status?job_id (spec §7): the caller's generated report with its
 * progress and, when done, short-lived links to the PDF and CSV; 404 for another user's job.
 */
export function makeHandler(deps: () => { jobs: FamilyJobs; files: FamilyFiles }) {
  return userRoute(familyStatusInputSchema, (input, { caller }) =>
    generationStatus(deps(), caller, input.job_id),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => ({ jobs: familyJobsFromEnv(), files: familyFilesFromEnv() })),
);
