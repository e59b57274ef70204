import { describe, expect, test } from 'vitest';
import { attribute } from '../../../../lambdas/attribution/core/attribute';
import {
  buildProDigital,
  type DigitalRuns,
  PRO_DIGITAL_MIN_SESSIONS,
} from '../../../../lambdas/attribution/core/pro-digital';
import type { AiringResult, AttributionResult } from '../../../../lambdas/attribution/core/types';
import { airing, constant, MIN, minuteVisits, T0, WEEK_MIN } from './fixtures';

/** An engine result with the given [observed, expected] per airing id. */
function run(values: Record<string, [number, number]>): AttributionResult {
  const airings: AiringResult[] = Object.entries(values).map(([airingId, [o, e]]) => ({
    airingId,
    observed: o,
    expected: e,
    attributed: o - e,
    pValue: 1,
    ciLow: 0,
    ciHigh: 0,
    significant: false,
    directional: false,
  }));
  return {
    resolution: 'minute',
    windowMinutes: 8,
    airings,
    campaign: {} as AttributionResult['campaign'],
  };
}

const measuredAll = { engaged: true, engagement: true };
const measuredNone = { engaged: false, engagement: false };

/** The runs of visits without the engagement columns: sessions and new users only. */
function withoutEngagement(sessions: AttributionResult, newUsers: AttributionResult): DigitalRuns {
  return {
    sessions,
    new_users: newUsers,
    engaged_sessions: null,
    engaged_base: null,
    engagement_s: null,
    engagement_base: null,
  };
}

describe('Pro Digital: each rate inside the windows against the same windows in the baseline', () => {
  test('rates are sums of the windows over sums of the baseline, per station and creative', () => {
    const airings = [
      airing({ id: 'a', startUtc: T0 + 3600, station: 'WAAA', creative: 'SPOT-A' }),
      airing({ id: 'b', startUtc: T0 + 7200, station: 'WBBB', creative: 'SPOT-A' }),
    ];
    const runs: DigitalRuns = {
      sessions: run({ a: [100, 80], b: [50, 40] }),
      new_users: run({ a: [40, 20], b: [10, 10] }),
      engaged_sessions: run({ a: [60, 40], b: [30, 20] }),
      engaged_base: run({ a: [100, 80], b: [50, 40] }),
      engagement_s: run({ a: [6000, 4000], b: [2500, 2400] }),
      engagement_base: run({ a: [100, 80], b: [50, 40] }),
    };

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'minute',
      windowMinutes: 8,
      measured: measuredAll,
    });

    // Overall: in window 50/150 new, baseline 30/120.
    expect(section.overall).toMatchObject({
      airings: 2,
      window_sessions: 150,
      baseline_sessions: 120,
      new_user_share: { in_window: 50 / 150, baseline: 30 / 120 },
      engaged_rate: { in_window: 90 / 150, baseline: 60 / 120 },
      engagement_time_s: { in_window: 8500 / 150, baseline: 6400 / 120 },
      directional: false,
    });
    expect(section.tables?.station.map((r) => [r.label, r.new_user_share])).toEqual([
      ['WAAA', { in_window: 0.4, baseline: 0.25 }],
      ['WBBB', { in_window: 0.2, baseline: 0.25 }],
    ]);
    expect(section.tables?.creative).toHaveLength(1);
    expect(section.tables?.creative[0]?.engagement_time_s).toEqual({
      in_window: 8500 / 150,
      baseline: 6400 / 120,
    });
    expect(section.available).toEqual({
      new_user_share: true,
      engaged_rate: true,
      engagement_time_s: true,
    });
  });

  test('engagement rates divide by the sessions of rows that measure them, not all sessions', () => {
    const airings = [airing({ id: 'a', startUtc: T0 + 3600 })];
    const runs: DigitalRuns = {
      sessions: run({ a: [100, 80] }),
      new_users: run({ a: [30, 20] }),
      // Only half of the windows' sessions come from rows with engagement measured.
      engaged_sessions: run({ a: [25, 20] }),
      engaged_base: run({ a: [50, 40] }),
      engagement_s: run({ a: [3000, 2000] }),
      engagement_base: run({ a: [50, 40] }),
    };

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'minute',
      windowMinutes: 8,
      measured: measuredAll,
    });

    expect(section.overall?.engaged_rate).toEqual({ in_window: 0.5, baseline: 0.5 });
    expect(section.overall?.engagement_time_s).toEqual({ in_window: 60, baseline: 50 });
  });

  test('visits without the engagement columns make those metrics unavailable, not zero', () => {
    const airings = [airing({ id: 'a', startUtc: T0 + 3600 })];
    const runs = withoutEngagement(run({ a: [100, 80] }), run({ a: [30, 20] }));

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'hour',
      windowMinutes: 8,
      measured: measuredNone,
    });

    expect(section.available).toEqual({
      new_user_share: true,
      engaged_rate: false,
      engagement_time_s: false,
    });
    expect(section.overall?.engaged_rate).toEqual({ in_window: null, baseline: null });
    expect(section.overall?.engagement_time_s).toEqual({ in_window: null, baseline: null });
    expect(section.overall?.new_user_share).toEqual({ in_window: 0.3, baseline: 0.25 });
    expect(section.resolution).toBe('hour');
  });

  test('a row with fewer window sessions than the threshold is directional', () => {
    const thin = PRO_DIGITAL_MIN_SESSIONS - 1;
    const airings = [
      airing({ id: 'a', startUtc: T0 + 3600, station: 'WAAA' }),
      airing({ id: 'b', startUtc: T0 + 7200, station: 'WBBB' }),
    ];
    const runs = withoutEngagement(
      run({ a: [thin, 20], b: [200, 150] }),
      run({ a: [10, 5], b: [50, 40] }),
    );

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'minute',
      windowMinutes: 8,
      measured: measuredNone,
    });

    const byStation = Object.fromEntries(
      section.tables!.station.map((r) => [r.label, r.directional]),
    );
    expect(byStation).toEqual({ WAAA: true, WBBB: false });
    expect(section.overall?.directional).toBe(false);
  });

  test('a row whose windows held no sessions has no rates rather than 0%', () => {
    const airings = [airing({ id: 'a', startUtc: T0 + 3600 })];
    const runs = withoutEngagement(run({ a: [0, 0] }), run({ a: [0, 0] }));

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'minute',
      windowMinutes: 8,
      measured: measuredNone,
    });

    expect(section.overall?.new_user_share).toEqual({ in_window: null, baseline: null });
    expect(section.overall?.directional).toBe(true);
  });

  test('with the real engine, a response of new visitors raises the in-window share above the baseline', () => {
    // Three weeks of history at 20 sessions a minute, a quarter of them new; one airing brings
    // 40 extra sessions, all new, in its first 4 minutes.
    const minutes = 3 * WEEK_MIN + 1440;
    const at = 3 * WEEK_MIN + 12 * 60;
    const sessions = constant(minutes, 20);
    const newUsers = constant(minutes, 5);
    for (let m = 0; m < 4; m++) {
      sessions[at + m] = 30;
      newUsers[at + m] = 15;
    }
    const airings = [airing({ id: 'a', startUtc: T0 + at * MIN, station: 'WAAA' })];
    const options = { windowMinutes: 8, fromUtc: T0 + 3 * WEEK_MIN * MIN, halo: false };
    const runs = withoutEngagement(
      attribute(airings, minuteVisits(minutes, { '501': sessions }), options),
      attribute(airings, minuteVisits(minutes, { '501': newUsers }), options),
    );

    const section = buildProDigital({
      airings,
      runs,
      resolution: 'minute',
      windowMinutes: 8,
      measured: measuredNone,
    });

    // Windows: 8 minutes x 20 + 40 extra = 200 sessions, 8 x 5 + 40 = 80 new: 40%.
    expect(section.overall?.window_sessions).toBeCloseTo(200, 6);
    expect(section.overall?.new_user_share.in_window).toBeCloseTo(0.4, 6);
    expect(section.overall?.new_user_share.baseline).toBeCloseTo(0.25, 6);
  });
});
