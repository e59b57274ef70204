import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { Campaign, CampaignGoalKind } from '../contracts/campaigns.schema';

/** The scoped report's figures pacing reads (a ReportSummary of the campaign's airings). */
export interface PacingFigures {
  /** Integer cents; null when the post-log has no costs. */
  cost_cents: number | null;
  attributed_visits: number;
  vpa: number;
  /** Cents per visit; null without costs or visits. */
  cost_per_visit_cents: number | null;
}

/**
 * A campaign's pacing: money spent against the budget, the flight's elapsed share, and the
 * goal's actual value against its target.
 * - `spent_share`: spent / budget (null without costs or with a zero budget);
 * - `elapsed_share`: flight days up to `asOf` (inclusive) / flight days, clamped to 0..1;
 * - `goal.progress`: for `visits`, actual / target; for `vpa`, actual / target; for
 *   `cost_per_visit` (lower is better), target / actual. 1 or more = the goal is met. Null when
 *   there is nothing to compare (no costs, a zero target or actual);
 * - `goal.on_track`: visits at least the elapsed share of the target (visits accrue over the
 *   flight); the ratio goals, progress >= 1. Null when progress is.
 */
export interface CampaignPacing {
  spent_cents: number | null;
  budget_cents: number;
  spent_share: number | null;
  over_budget: boolean;
  flight_days: number;
  elapsed_days: number;
  elapsed_share: number;
  goal: {
    kind: CampaignGoalKind;
    target: number;
    actual: number | null;
    progress: number | null;
    on_track: boolean | null;
  };
}

/**
 * Pacing of `campaign` from the figures of the report scoped to it, as of local date `asOf`
 * (YYYY-MM-DD; the report's last day or today). Pure.
 */
export function campaignPacing(
  campaign: Pick<Campaign, 'flight_start' | 'flight_end' | 'budget_cents' | 'goal'>,
  figures: PacingFigures,
  asOf: string,
): CampaignPacing {
  const start = parseISO(campaign.flight_start);
  const flight_days = differenceInCalendarDays(parseISO(campaign.flight_end), start) + 1;
  const elapsed_days = Math.min(
    flight_days,
    Math.max(0, differenceInCalendarDays(parseISO(asOf), start) + 1),
  );
  const elapsed_share = elapsed_days / flight_days;
  const spent = figures.cost_cents;
  const { kind, target } = campaign.goal;
  const actual =
    kind === 'visits'
      ? figures.attributed_visits
      : kind === 'vpa'
        ? figures.vpa
        : figures.cost_per_visit_cents;
  let progress: number | null = null;
  if (actual !== null && target > 0) {
    if (kind !== 'cost_per_visit') progress = actual / target;
    else if (actual > 0) progress = target / actual;
  }
  const on_track =
    progress === null ? null : kind === 'visits' ? progress >= elapsed_share : progress >= 1;
  return {
    spent_cents: spent,
    budget_cents: campaign.budget_cents,
    spent_share: spent !== null && campaign.budget_cents > 0 ? spent / campaign.budget_cents : null,
    over_budget: spent !== null && spent > campaign.budget_cents,
    flight_days,
    elapsed_days,
    elapsed_share,
    goal: { kind, target, actual, progress, on_track },
  };
}
