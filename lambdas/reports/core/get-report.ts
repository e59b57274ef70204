import type { Caller } from '../../../layers/shared/auth/caller';
import {
  type CompaniesRepository,
  readableClient,
} from '../../../layers/shared/companies/companies';
import type { ReportDocument, ReportView } from '../../../layers/shared/contracts/report.schema';
import { NotFound } from '../../../layers/shared/errors';
import { reportKey, safeId } from './keys';
import type { ReportStore } from './ports';
import { type AllowanceDeps, reportAllowance } from './usage';

/**
 * A stored report of a client the caller may read (the report screen's read; issue #2 §5).
 * Steps: 1. load the readable client; 2. pick report_id or the client's latest report; 3. read
 * `reports/<client_uid>/<report_id>.json` (the key binds the report to the client, so another
 * client's report id finds nothing); 4. drop the per-airing list and add airing_count; 5. add
 * the caller's paywall flags (max_reports, free_report: core/usage.ts; spec §4, §9).
 * @returns the ReportView.
 * @throws NotFound ('Report') when the client has no such report; NotFound ('Client') when the
 *   client is unknown or not readable; ValidationError for malformed ids.
 */
export async function getReport(
  deps: AllowanceDeps & { companies: CompaniesRepository; store: ReportStore },
  caller: Caller,
  input: { client_uid: string; report_id?: string },
): Promise<ReportView> {
  const client = await readableClient(
    deps.companies,
    caller,
    safeId(input.client_uid, 'client_uid'),
  );
  const reportId = input.report_id ? safeId(input.report_id, 'report_id') : client.latest_report_id;
  if (!reportId) throw new NotFound('Report');
  const doc = await deps.store.getJson<ReportDocument>(reportKey(client.client_uid, reportId));
  if (!doc) throw new NotFound('Report');
  const { airings, ...rest } = doc;
  const flags = await reportAllowance(deps, caller, client);
  return { ...rest, airing_count: airings.length, ...flags };
}
