import type { Caller } from '#shared/auth/caller';
import type { ClientRecord } from '#shared/companies/companies';
import type { FreeReportUsage, Plans } from './report-session-ports';

/**
 * Free-report counting and the paywall flags (spec §9 "Two free reports always", §4 "Paywall
 * shows when results say max_reports; the info box also when free_report is set"). Every
 * account always has two free reports, counted server-side.
 */

/** Distinct clients each user may run reports on for free. */
export const FREE_REPORT_LIMIT = 2;

/** Dependencies of the allowance functions. */
export interface AllowanceDeps {
  usage: FreeReportUsage;
  plans: Plans;
}

/**
 * The paywall flags of a report for one user: `free_report` = the client is one of the user's
 * free clients (info box); `max_reports` = the user has used the free reports on other clients
 * and has no plan (paywall over the industry response summary and insights).
 */
export interface ReportAllowance {
  max_reports: boolean;
  free_report: boolean;
}

const UNLIMITED: ReportAllowance = { max_reports: false, free_report: false };

/** Sample and demo clients never count and are never limited. */
function isSample(client: ClientRecord): boolean {
  return client.demo || client.sample_data;
}

/** True when the limit does not apply: sample clients, staff, users with an active plan. */
async function unlimited(deps: AllowanceDeps, caller: Caller, client: ClientRecord) {
  if (isSample(client) || caller.staff) return true;
  return deps.plans.hasActivePlan(caller.userId);
}

/**
 * Counts a report run (perform_report). Steps: 1. sample clients, staff and paying users are
 * not counted; 2. otherwise claim the client as one of the user's free clients (atomic; a rerun
 * on a free client claims nothing new); 3. a run beyond the limit still runs but is flagged.
 * @returns the run's flags.
 */
export async function recordReportRun(
  deps: AllowanceDeps,
  caller: Caller,
  client: ClientRecord,
): Promise<ReportAllowance> {
  if (await unlimited(deps, caller, client)) return UNLIMITED;
  const free = await deps.usage.claim(caller.userId, client.client_uid, FREE_REPORT_LIMIT);
  return { max_reports: !free, free_report: free };
}

/**
 * The flags for a user viewing a report of a client (get_report), without counting anything:
 * viewing a report someone else ran does not use a free report.
 */
export async function reportAllowance(
  deps: AllowanceDeps,
  caller: Caller,
  client: ClientRecord,
): Promise<ReportAllowance> {
  if (await unlimited(deps, caller, client)) return UNLIMITED;
  const used = await deps.usage.freeClients(caller.userId);
  const free = used.includes(client.client_uid);
  return { max_reports: !free && used.length >= FREE_REPORT_LIMIT, free_report: free };
}

/**
 * reportAllowance with the caller's own lookups (plan, free clients) started at once, before the
 * client is known: the report reads (get_report, drill-downs) run them beside the access check
 * instead of after it, both reads together instead of one after the other. Nothing is counted.
 * Sample clients and staff need neither read; their answers are then dropped.
 * @returns the flags of a client, once it is known; rejects as the lookups do.
 */
export function startReportAllowance(
  deps: AllowanceDeps,
  caller: Caller,
): (client: ClientRecord) => Promise<ReportAllowance> {
  const lookups = caller.staff
    ? null
    : Promise.all([deps.plans.hasActivePlan(caller.userId), deps.usage.freeClients(caller.userId)]);
  // Handled here so a lookup failing while the access check refuses never goes unhandled.
  lookups?.catch(() => {});
  return async (client) => {
    if (isSample(client) || !lookups) return UNLIMITED;
    const [plan, used] = await lookups;
    if (plan) return UNLIMITED;
    const free = used.includes(client.client_uid);
    return { max_reports: !free && used.length >= FREE_REPORT_LIMIT, free_report: free };
  };
}
