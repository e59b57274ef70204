import type { ReportView } from '#shared/contracts/report.schema';
import { formatCents, formatRatio } from '#shared/format';
import { topPerformers } from '#shared/report/top-performers';

/** A change or lift as a percentage with one decimal (not capped: the 60% cap is for shares). */
const pct = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * Plain-language insights of a report (spec §2 "insights panel", behind the paywall):
 * the lift claim stated honestly, the best performers with their VPA, the change against the
 * comparison period and the cost per visit. Each sentence is built from the report's own
 * numbers (method note §5.3); thin (directional) winners say so.
 * @returns sentences, most important first (empty for a report without airings).
 */
export function reportInsights(report: ReportView): string[] {
  const s = report.summary;
  if (s.airings === 0) return [];
  const out: string[] = [];
  out.push(
    s.claim_holds
      ? `With 95% confidence, traffic rises at least 5% within ${report.settings.window} minutes of an airing (relative lift ${pct(s.relative_lift)}).`
      : `The data do not yet show, at 95% confidence, a 5% rise within ${report.settings.window} minutes of an airing; treat the rankings below as directional.`,
  );
  for (const top of topPerformers(report.tables).slice(0, 3)) {
    out.push(
      `${top.title}: ${top.row.label} at ${formatRatio(top.row.visitsper)} visits per airing over ${top.row.ads} airings${top.directional ? ' (directional: few expected visits)' : ''}.`,
    );
  }
  const before = report.compare?.summary;
  if (before && before.vpa > 0) {
    const change = (s.vpa - before.vpa) / before.vpa;
    out.push(
      `VPA ${change >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(change))} against the comparison period (${formatRatio(before.vpa)} to ${formatRatio(s.vpa)}).`,
    );
  }
  if (s.cost_per_visit_cents !== null) {
    out.push(`Each attributed visit cost ${formatCents(s.cost_per_visit_cents)} on average.`);
  }
  return out;
}
