import type { ReportSummary } from '#shared/contracts/report.schema';
import type { ScoredAiring } from './report';
import { normalQuantile } from './stats';

/**
 * The summary of a subset of a report's airings (spec §7 fetch_drilldowns; method note §5.3), from
 * the airings' stored verdicts (attribution is not re-run):
 * airings, attributed/observed/expected visits = Σ over the subset; vpa = ΣA/airings;
 * lift_share = ΣA / the campaign's total visits; relative_lift = ΣA/ΣE with the one-sided lower
 * bound (ΣA − z·√Σφ·E)/ΣE at level `alpha` (as campaign.ts); cost_cents = Σ known costs (null when
 * none has one); cost_per_visit_cents = cost/ΣA when ΣA > 0; significant_airings counts the
 * subset's significant airings; claim_holds = relative_lift_low ≥ 0.05.
 * total_visits, on/off-air rates and dispersion stay campaign-wide (they describe the website,
 * not the airings). With every airing of the report the result equals the report's summary.
 * @param campaign the report's (or its comparison period's) summary.
 * @param alpha @default 0.05
 */
export function buildSubsetSummary(
  campaign: ReportSummary,
  scored: readonly ScoredAiring[],
  alpha = 0.05,
): ReportSummary {
  let observed = 0;
  let expected = 0;
  let attributed = 0;
  let variance = 0;
  let cost = 0;
  let hasCost = false;
  let significant = 0;
  for (const { airing, result: r } of scored) {
    observed += r.observed;
    expected += r.expected;
    attributed += r.attributed;
    variance += (r.dispersion ?? 1) * Math.max(r.expected, 0);
    if (r.significant) significant++;
    if (airing.costCents !== null) {
      cost += airing.costCents;
      hasCost = true;
    }
  }
  const n = scored.length;
  const z = normalQuantile(1 - alpha);
  const relativeLiftLow = expected > 0 ? (attributed - z * Math.sqrt(variance)) / expected : 0;
  return {
    ...campaign,
    airings: n,
    attributed_visits: attributed,
    observed_visits: observed,
    expected_visits: expected,
    vpa: n > 0 ? attributed / n : 0,
    lift_share: campaign.total_visits > 0 ? attributed / campaign.total_visits : 0,
    relative_lift: expected > 0 ? attributed / expected : 0,
    relative_lift_low: relativeLiftLow,
    cost_cents: hasCost ? cost : null,
    cost_per_visit_cents: hasCost && attributed > 0 ? cost / attributed : null,
    significant_airings: significant,
    claim_holds: relativeLiftLow >= 0.05,
  };
}
