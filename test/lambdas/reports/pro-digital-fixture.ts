import type { ProDigital, ProDigitalRow } from '#shared/contracts/pro-digital.schema';

/** A Pro Digital row with the given label and rates (in window / baseline). */
export function digitalRow(
  key: string,
  label: string,
  over: Partial<ProDigitalRow> = {},
): ProDigitalRow {
  return {
    key,
    label,
    airings: 4,
    window_sessions: 240,
    baseline_sessions: 160,
    new_user_share: { in_window: 0.42, baseline: 0.31 },
    engaged_rate: { in_window: 0.61, baseline: 0.55 },
    engagement_time_s: { in_window: 74, baseline: 58 },
    directional: false,
    ...over,
  };
}

/**
 * A stored Pro Digital section: every metric measured, one station (WDIGI), two dayparts and one
 * creative (SPOT-DIGITAL), names no other fixture uses, so a test can look for them anywhere.
 */
export function proDigitalSection(over: Partial<ProDigital> = {}): ProDigital {
  return {
    resolution: 'minute',
    window_minutes: 8,
    available: { new_user_share: true, engaged_rate: true, engagement_time_s: true },
    overall: digitalRow('all', 'All airings', { airings: 7, window_sessions: 420 }),
    tables: {
      station: [digitalRow('WDIGI', 'WDIGI')],
      daypart: [
        digitalRow('morning', 'Morning', { directional: true, window_sessions: 12 }),
        digitalRow('prime', 'Prime'),
      ],
      creative: [digitalRow('SPOT-DIGITAL', 'SPOT-DIGITAL')],
    },
    ...over,
  };
}
