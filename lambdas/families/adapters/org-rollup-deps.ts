import { ddbDocClient, s3Client, sfnClient } from '#shared/aws/clients';
import { ENV } from '#shared/workers';
import {
  companiesFromEnv,
  envVar,
  queryEngineFromEnv,
  systemClock,
  uuidIds,
} from '../../reports/adapters/compose';
import { pdfRendererFromEnv } from '../../reports/adapters/pdf-deps';
import { attributionEngine } from '../../reports/core/engine';
import { engineStats } from '../core/org-rollup-engine';
import type { RollupDeps, StartRollupDeps } from '../core/org-rollup-job';
import { renderFamily } from '../core/render';
import { marketName, orgOptionDeps } from './org-family-deps';
import { DynamoRollupJobs, S3RollupFiles, SfnRollupStart } from './org-rollup-stores';

/**
 * The organisation roll-up's adapters (COMPANIES_TABLE, REPORTS_BUCKET; the steps also the lake
 * through QUERY_ENGINE and the browser through PDF_RENDERER; the route the state machine through
 * ORG_REPORTING_STATE_MACHINE_ARN).
 */

let steps: RollupDeps | undefined;

/** What the OrgReporting steps use, built on first use and kept by the container. */
export function rollupDepsFromEnv(): RollupDeps {
  if (steps) return steps;
  const renderer = pdfRendererFromEnv();
  steps = {
    org: {
      companies: companiesFromEnv(),
      // One engine thread per client: the Map runs four clients at once.
      stats: engineStats({ query: queryEngineFromEnv(), engine: attributionEngine }),
      marketName,
    },
    jobs: new DynamoRollupJobs(ddbDocClient(), envVar(ENV.companiesTable)),
    files: new S3RollupFiles(s3Client(), envVar(ENV.reportsBucket)),
    renderPdf: async (doc) =>
      (await renderFamily({ renderer, clock: systemClock }, doc, { csv: false })).pdf,
  };
  return steps;
}

let start: StartRollupDeps | undefined;

/** What generate_org_reporting uses. */
export function startRollupDepsFromEnv(): StartRollupDeps {
  start ??= {
    org: orgOptionDeps(),
    jobs: new DynamoRollupJobs(ddbDocClient(), envVar(ENV.companiesTable)),
    files: new S3RollupFiles(s3Client(), envVar(ENV.reportsBucket)),
    executions: new SfnRollupStart(sfnClient(), envVar(ENV.orgReportingStateMachineArn)),
    newId: () => uuidIds.next(),
    now: () => new Date(),
  };
  return start;
}
