import type { CompaniesRepository } from '#shared/companies/companies';
import type { CreativesRepository } from '#shared/creatives/creatives';
import { creativesFromEnv } from '#shared/creatives/creatives-from-env';
import { type Authenticators, userRoute } from '#shared/http/route-handler';
import { lazy, storeFromEnv } from '../adapters/compose';
import { GzipAnswers } from '../adapters/gzip-answers';
import { batchedReportReadsFromEnv } from '../adapters/report-session-deps';
import { CallerFacts } from '../core/caller-facts';
import { getReportJson, ReportAnswerCache, ReportViewCache } from '../core/get-report';
import type { ReportStore } from '../core/ports';
import type { AllowanceDeps } from '../core/usage';
import { getReportSchema } from './get-report.schema';

/** Dependencies of the get_report route (usage and plans: the caller's paywall flags). */
export interface GetReportDeps extends AllowanceDeps {
  companies: CompaniesRepository;
  store: ReportStore;
  /** Views of recent reports, kept by the warm container. */
  cache?: ReportViewCache;
  /** Answers as served (serialised once), kept by the warm container. */
  answers?: ReportAnswerCache;
  /** The client's creatives, whose user-given names the report shows. */
  creatives?: CreativesRepository;
  /** The caller's facts kept by the warm container (core/caller-facts.ts). */
  facts?: CallerFacts;
}

/**
 * GET /ss_rest/get_report: the ReportView (layers/shared/contracts/report.schema.ts); 404 when
 * none. Sent gzip-compressed (compressed once per kept answer) when the request accepts gzip
 * (adapters/gzip-answers.ts). `authenticators`: whether a staff caller has an authenticator app
 * (userRoute's default in the Lambda; tests pass a fake).
 */
export function makeHandler(deps: () => GetReportDeps, authenticators?: Authenticators) {
  const gzip = new GzipAnswers();
  return gzip.wrap(
    userRoute(
      getReportSchema,
      async (input, { caller, event }) =>
        gzip.answer(event, await getReportJson(deps(), caller, input)),
      authenticators,
    ),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(
  lazy(() => {
    // The client record, the free-report usage and the plans of the caller's known
    // organisations, asked at the same moment, go as one BatchGetItem (adapters/batched-gets.ts).
    const { companies, usage, plans } = batchedReportReadsFromEnv();
    const creatives = creativesFromEnv();
    return {
      companies,
      store: storeFromEnv(),
      usage,
      plans,
      cache: new ReportViewCache(),
      answers: new ReportAnswerCache(),
      creatives,
      // The caller's memberships and shares for a few seconds (the plan is read on every
      // request), and the client's creatives by the client record's creatives_version
      // (core/caller-facts.ts).
      facts: new CallerFacts({ companies, plans, creatives }),
    };
  }),
);
