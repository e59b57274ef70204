import type { ReportView } from '#shared/contracts/report.schema';
import { MemoryReportRuns } from '../../../lambdas/reports/adapters/memory-report-runs';
import { getReport } from '../../../lambdas/reports/core/get-report';
import { performReport } from '../../../lambdas/reports/core/perform-report';
import type { ReportStepPayload } from '../../../lambdas/reports/core/ports';
import {
  stepAggregate,
  stepAttribute,
  stepExtract,
  stepStore,
} from '../../../lambdas/reports/core/steps';
import {
  alice,
  allowancePorts,
  countingIds,
  type FakeQueryEngine,
  fixedClock,
  memoryPorts,
  memoryStepDeps,
  seededCompanies,
} from './fakes';

/**
 * One report through the whole pipeline in memory, as the state machine runs it: perform_report
 * for client-a (alice), then Extract, Attribute, Aggregate and Store over `query`, then get_report.
 * `input` adds report parameters (dates, comparison dates) to client-a's; `steps` adds step
 * dependencies (the client's connected analytics properties).
 * @returns the last step payload and the view get_report answers.
 */
export async function runReport(
  query: FakeQueryEngine,
  input: Record<string, string> = { date_start: '2024-03-04', date_end: '2024-03-10' },
  steps: Pick<Parameters<typeof memoryStepDeps>[0], 'connections' | 'locations'> = {},
): Promise<{ p: ReportStepPayload; view: ReportView }> {
  const companies = await seededCompanies();
  const ports = memoryPorts();
  const allowance = allowancePorts();
  const clock = fixedClock();
  const deps = memoryStepDeps({ query, ports, companies, clock, ...steps });
  await performReport(
    {
      companies,
      jobs: ports.jobs,
      queue: ports.queue,
      clock,
      ids: countingIds(),
      runs: new MemoryReportRuns(),
      ...allowance,
    },
    alice,
    { client_uid: 'client-a', ...input },
  );
  let p = await stepExtract(deps, ports.queue.sent[0] as ReportStepPayload);
  p = await stepAttribute(deps, p);
  p = await stepAggregate(deps, p);
  p = await stepStore(deps, p);
  const view = await getReport({ companies, store: ports.store, ...allowance }, alice, {
    client_uid: 'client-a',
  });
  return { p, view };
}
