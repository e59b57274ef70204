/** How an industry's weekly trend badge looks (spec §9 "Trend badge"). */
export interface TrendBadge {
  /** `up` green plus (non-negative), `down` red minus (negative), `none` gray "unchanged". */
  tone: 'up' | 'down' | 'none';
  /** What the badge says, e.g. `+4.3%`, `−2.0%` or `unchanged`. */
  text: string;
}

/**
 * The badge of an average weekly new-user change (spec §9 "Trend badge: avg new-user change
 * percent; green plus when non-negative, red minus when negative, gray ban unchanged when none").
 * Rounded to one decimal first, so -0.04 reads a green +0.0% rather than a red −0.0%.
 * @param percent the average change in percent, or null when no week had a change.
 */
export function trendBadge(percent: number | null): TrendBadge {
  if (percent === null || !Number.isFinite(percent)) return { tone: 'none', text: 'unchanged' };
  const shown = Math.round(percent * 10) / 10;
  const up = shown >= 0;
  return { tone: up ? 'up' : 'down', text: `${up ? '+' : '−'}${Math.abs(shown).toFixed(1)}%` };
}

/** One week's change as the table shows it: signed, one decimal, or an en dash when none. */
export function formatChange(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '–';
  const shown = Math.round(percent * 10) / 10;
  return `${shown >= 0 ? '+' : '−'}${Math.abs(shown).toFixed(1)}%`;
}
