import type {
  ProDigital,
  ProDigitalDimension,
  ProDigitalMetric,
  ProDigitalValue,
  VisitsHourly,
} from '../contracts/pro-digital.schema';

/**
 * Words and numbers of the Pro Digital section and the hourly-visits notice, shared by the report
 * screen (web/src/report/pro-digital-section.tsx) and the printout (layers/shared/print), so screen
 * and paper say the same. Pure; every formatter accepts null (shows "—") and never throws.
 */

/** Display name of each metric. */
export const PRO_DIGITAL_LABELS: Record<ProDigitalMetric, string> = {
  new_user_share: 'New-user share',
  engaged_rate: 'Engaged-session rate',
  engagement_time_s: 'Avg. engagement time',
};

/** What each metric is, in one line (table captions, tooltips). */
export const PRO_DIGITAL_HELP: Record<ProDigitalMetric, string> = {
  new_user_share: 'New users per session',
  engaged_rate: 'Engaged sessions per session (Google Analytics 4)',
  engagement_time_s: 'Seconds of engagement per session (GA4 user engagement, dwell time)',
};

/** Heading of each detailed table. */
export const PRO_DIGITAL_DIMENSION_LABELS: Record<ProDigitalDimension, string> = {
  station: 'Station',
  daypart: 'Daypart',
  creative: 'Creative',
};

/** Said where a metric the visits do not measure would be. */
export const NOT_AVAILABLE = 'Not available';

/**
 * Why the engagement metrics are missing, in plain words: only visits that carry engaged sessions
 * and engagement time (a Google Analytics 4 connection, or a visits file with engaged_sessions and
 * engagement_seconds columns) have them.
 */
export const ENGAGEMENT_UNAVAILABLE =
  'Engaged-session rate and engagement time are not available for these visits: they come with a Google Analytics 4 connection, or a visits file with engaged_sessions and engagement_seconds columns.';

/**
 * A rate as shown: shares with 1 decimal (`42.1%`; not capped at the spec's 60%, which would make
 * a 72% share and its 65% baseline read the same), seconds as `45s` or `1m 05s`; null `—`.
 */
export function formatProDigital(metric: ProDigitalMetric, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (metric !== 'engagement_time_s') return `${(value * 100).toFixed(1)}%`;
  const seconds = Math.round(Math.max(0, value));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/**
 * In-window minus baseline, signed: percentage points for the shares (`+4.2 pts`), seconds for
 * engagement time (`+12s`); `—` when either side is missing.
 */
export function formatProDigitalChange(metric: ProDigitalMetric, v: ProDigitalValue): string {
  if (v.in_window === null || v.baseline === null) return '—';
  const diff = v.in_window - v.baseline;
  if (metric === 'engagement_time_s') {
    const s = Math.round(diff);
    return s === 0 ? '0s' : `${s > 0 ? '+' : '-'}${Math.abs(s)}s`;
  }
  const pts = diff * 100;
  const text = Math.abs(pts).toFixed(1);
  return text === '0.0' ? '0.0 pts' : `${pts > 0 ? '+' : '-'}${text} pts`;
}

/**
 * How the section compares, in one sentence (screen and paper): which sessions are "in window"
 * and what the baseline is, for minute or hourly visits.
 */
export function proDigitalMethodNote(section: Pick<ProDigital, 'resolution' | 'window_minutes'>) {
  const where =
    section.resolution === 'hour'
      ? 'in the clock hour of each airing (hourly visits)'
      : `within ${section.window_minutes} minutes of each airing`;
  const same = section.resolution === 'hour' ? 'hours' : 'minutes';
  return `Visitors ${where}, against the visitors the same ${same} usually bring (the report's baseline from the 8 weeks before). Rows with fewer than 30 sessions in their windows are directional.`;
}

/**
 * The plain-words notice of hourly visits near the chart (method note §5.2), or null for minute
 * visits. `hourly` says why (an hourly upload, or Google Analytics with each property's reason);
 * a report stored before that was recorded gets the general sentence.
 */
export function hourlyNotice(
  resolution: 'minute' | 'hour',
  hourly: VisitsHourly | null | undefined,
): string | null {
  if (resolution !== 'hour') return null;
  const effect =
    'Each airing is credited with the clock hour it aired in rather than the minutes right after it, so its response is spread over 60 minutes and the ranges are wider.';
  if (hourly?.source === 'google_analytics' && hourly.properties.length > 0) {
    const which = hourly.properties.map((p) => `“${p.name}” (${p.reason})`).join('; ');
    return `These website visits are hourly: Google Analytics gives only hourly data for ${which}. ${effect}`;
  }
  if (hourly?.source === 'upload') {
    return `These website visits are hourly: the visits file uploaded for this client gives hours (hour_utc), not minutes. ${effect}`;
  }
  return `These website visits are hourly. ${effect}`;
}
