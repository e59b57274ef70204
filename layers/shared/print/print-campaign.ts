import { type CampaignPacing, campaignPacing } from '../campaigns/pacing';
import type { Campaign } from '../contracts/campaigns.schema';
import type { PeriodResult, ReportDocument, ReportSummary } from '../contracts/report.schema';
import { formatCents, formatDateRange } from '../format';

/**
 * The campaign a printout is scoped to, as printed on the cover, in the header band and above
 * the KPI summary (spec §7 "Campaigns": a named flight with a budget and a goal). Pure.
 */
export interface PrintCampaign {
  name: string;
  /** The flight's dates, `MM/DD/YYYY – MM/DD/YYYY`. */
  flight: string;
  /** Pacing lines (label and text), e.g. `Spent` / `$300.00 of $1,000.00 (30%)`. */
  pacing: Array<{ label: string; text: string }>;
}

/** A share as a whole percentage ("140%"): pacing runs past 100%. */
const percent = (share: number) => `${Math.round(share * 100).toLocaleString('en-US')}%`;

/** The goal's actual against its target in the goal's unit, with the share of the goal. */
function goalText(goal: CampaignPacing['goal']): string {
  const of = goal.progress === null ? '' : ` (${percent(goal.progress)})`;
  const track = goal.on_track === null ? '' : goal.on_track ? ' · on track' : ' · behind';
  if (goal.kind === 'cost_per_visit') {
    const actual = goal.actual === null ? '—' : formatCents(Math.round(goal.actual));
    return `${actual} per visit against ${formatCents(goal.target)}${of}${track}`;
  }
  const target = goal.target.toLocaleString('en-US');
  if (goal.kind === 'vpa') {
    const actual = goal.actual === null ? '—' : goal.actual.toFixed(2);
    return `${actual} of ${target} visits per airing${of}${track}`;
  }
  const actual = goal.actual === null ? '—' : Math.round(goal.actual).toLocaleString('en-US');
  return `${actual} of ${target} visits${of}${track}`;
}

/**
 * What a printout says about its campaign: name, flight and pacing (layers/shared/campaigns/
 * pacing.ts) from the figures of the report scoped to it, as of `asOf` (YYYY-MM-DD, the report's
 * last day, as the report screen's pacing panel).
 */
export function printCampaign(
  campaign: Pick<Campaign, 'name' | 'flight_start' | 'flight_end' | 'budget_cents' | 'goal'>,
  summary: ReportSummary,
  asOf: string,
): PrintCampaign {
  const pacing = campaignPacing(campaign, summary, asOf);
  const spentShare = pacing.spent_share === null ? '' : ` (${percent(pacing.spent_share)})`;
  return {
    name: campaign.name,
    flight: formatDateRange(campaign.flight_start, campaign.flight_end),
    pacing: [
      {
        label: 'Spent',
        text: `${formatCents(pacing.spent_cents)} of ${formatCents(pacing.budget_cents)}${spentShare}${pacing.over_budget ? ' · over budget' : ''}`,
      },
      {
        label: 'Flight elapsed',
        text: `${pacing.elapsed_days} of ${pacing.flight_days} days (${percent(pacing.elapsed_share)})`,
      },
      { label: 'Goal', text: goalText(pacing.goal) },
    ],
  };
}

/**
 * A report narrowed to a campaign for printing (the PDF and the on-screen preview alike): the
 * summary and tables of the campaign's airings (`main`, as fetch_drilldowns answers it for the
 * campaign), no comparison period (the flight has none), and what the report holds for the
 * whole period only (the chart's series, foot traffic, the Pro Digital section) left out rather
 * than printed beside the campaign's figures as if it were theirs. Pure.
 */
export function campaignPrintable<T extends Omit<ReportDocument, 'airings'>>(
  doc: T,
  main: PeriodResult,
): T {
  return {
    ...doc,
    summary: main.summary,
    tables: main.tables,
    compare: null,
    report_compare_date_start: null,
    report_compare_date_end: null,
    series: { ...doc.series, points: [] },
    foot_traffic: doc.foot_traffic === undefined ? undefined : null,
    pro_digital: doc.pro_digital === undefined ? undefined : null,
  };
}
