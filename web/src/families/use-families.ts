import useSWR from 'swr';
import {
  FAMILY_GENERATE_ROUTES,
  type FamilyGenerateRequest,
  type FamilyKind,
  familyGenerateResultSchema,
  familyJobStatusSchema,
  familyOptionsResultSchema,
} from '#shared/contracts/families.schema';
import { callRoute } from '../api/client';

/**
 * The generated reports page's data (spec §7 "Reports and generation"): what can be chosen (the
 * options call of the period kind), the status of a job while it runs, and starting one. Every
 * answer is checked against the shared contract.
 */

/** Which options call lists the periods: months or quarters. */
export type PeriodKind = 'month' | 'quarter';

const OPTIONS_ROUTES: Record<PeriodKind, string> = {
  month: 'monthly_report_options',
  quarter: 'quarterly_report_options',
};

/** Clients with their months or quarters, and the caller's recent generated reports. */
export function useFamilyOptions(by: PeriodKind) {
  return useSWR(
    [OPTIONS_ROUTES[by]] as const,
    async ([name]) => familyOptionsResultSchema.parse(await callRoute(name, {})),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

/** How often a running job is polled, ms. */
export const JOB_POLL_MS = 1_000;

/** One job's status, polled every JOB_POLL_MS until it is done or failed. */
export function useGenerateStatus(jobId: string | null) {
  return useSWR(
    jobId ? (['generated_report_status', jobId] as const) : null,
    async ([name, id]) => familyJobStatusSchema.parse(await callRoute(name, { job_id: id })),
    {
      refreshInterval: (data) =>
        data && (data.status === 'done' || data.status === 'failed') ? 0 : JOB_POLL_MS,
      revalidateOnFocus: false,
    },
  );
}

/** Starts a family report (its *_generate route, GET); resolves to the job id. */
export async function startFamily(request: FamilyGenerateRequest): Promise<string> {
  const { kind, ...query } = request;
  const route = FAMILY_GENERATE_ROUTES[kind as FamilyKind];
  const out = familyGenerateResultSchema.parse(
    await callRoute(route, query as Record<string, unknown>),
  );
  return out.job_id;
}
