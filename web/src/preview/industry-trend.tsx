import type { IndustryOption, Lookup } from '../auth/use-lookups';
import { type IndustryTrends, weeklyTrendOf } from '../lib/landing-lookup';
import styles from './preview.module.css';

/** An industry as the `industries` route sends it: with its weekly trend when it has one. */
type TrendedIndustry = IndustryOption & {
  trends?: (IndustryTrends & { sample_data?: boolean }) | IndustryTrends[] | null;
};

/** The trend's words (spec §9 "Trend badge": green plus when non-negative, red minus). */
export function trendText(percent: number): { up: boolean; text: string } {
  // Rounded first, so -0.04% reads +0.0% rather than a red −0.0%.
  const shown = Math.round(percent * 10) / 10;
  const up = shown >= 0;
  return { up, text: `${up ? '+' : '−'}${Math.abs(shown).toFixed(1)}%` };
}

/**
 * The preview's industry: its name, parent and weekly trend (average week-over-week change in
 * new visitors to the industry's websites over the last three weeks, from the `industries`
 * route), marked when the trend comes from sample data. All industries when none was chosen.
 */
export function IndustryTrend({
  industry,
  lookup,
}: {
  industry: IndustryOption | null;
  lookup: Lookup<IndustryOption>;
}) {
  if (!industry)
    return <p>All industries. Pick your industry on the home page to see its weekly trend.</p>;
  const item = (lookup.status === 'ready' ? lookup.items : []).find((i) => i.id === industry.id) as
    | TrendedIndustry
    | undefined;
  const percent = item ? weeklyTrendOf(item) : null;
  const sample = !!item?.trends && !Array.isArray(item.trends) && item.trends.sample_data === true;
  return (
    <div className={styles.industry}>
      <p className={styles.industryName}>
        {industry.name}
        {industry.parent_name && industry.parent_name !== industry.name && (
          <span className={styles.muted}> · {industry.parent_name}</span>
        )}
      </p>
      {percent === null ? (
        <p className={styles.muted}>No weekly trend for this industry yet.</p>
      ) : (
        <p data-testid="weekly-trend">
          Weekly trend{' '}
          <span className={`badge ${trendText(percent).up ? 'badge--ok' : 'badge--down'}`}>
            {trendText(percent).text}
          </span>{' '}
          <span className={styles.muted}>
            new visitors to {industry.name} websites, week over week, averaged over the last three
            weeks{sample ? ' (sample data)' : ''}.
          </span>
        </p>
      )}
    </div>
  );
}
