import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { PeriodResult, ReportView } from '#shared/contracts/report.schema';
import { useDrilldowns } from '../api/use-drilldowns';
import { useScopedCampaign } from './campaign-bar';

/**
 * The campaign a report's printout is scoped to and the campaign's figures, as print_report
 * prints them: the client's campaign named by the URL and fetch_drilldowns' answer for that
 * campaign alone (no other filter: a printout holds the whole campaign). Null without a report
 * or campaign, and until both are loaded for this report and campaign.
 */
export function useCampaignPrintScope(
  report: ReportView | undefined,
  campaignUid: string | undefined,
): { campaign: Campaign; main: PeriodResult } | null {
  const campaign = useScopedCampaign(report?.client_uid ?? '', campaignUid);
  const scoped = useDrilldowns(
    'fetch_drilldowns',
    report?.client_uid,
    report?.report_id,
    { broadcast_type: 'all', drill: [], ...(campaignUid ? { campaign_uid: campaignUid } : {}) },
    Boolean(report && campaignUid),
  );
  const data = scoped.data;
  if (!report || !campaign || !data) return null;
  const current =
    data.report_id === report.report_id &&
    data.filters.campaign_uid === campaignUid &&
    data.filters.broadcast_type === 'all' &&
    data.filters.drill.length === 0;
  return current ? { campaign, main: data.main } : null;
}
