import { describe, expect, test } from 'vitest';
import type { PropertyPullState } from '#shared/connections/connections-store';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { DigitalColumnsResult } from '../../../../lambdas/reports/core/ports';
import { airing, FakeQueryEngine } from '../fakes';
import { runReport } from '../run-report';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const HISTORY = MAR4 - 56 * 86400;
// Three airings in the report week (Mar 4-10), in DMA 501.
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  airing('3', MAR4 + 2 * 86400 + 10 * 3600),
];

/**
 * Visits in DMA 501 from 8 weeks before Mar 4 to Mar 11 at `step` seconds: 4 sessions a bucket,
 * 1 new, 2 engaged, 120 s of engagement; each airing's first 4 buckets bring 10 more sessions, 8
 * of them new and engaged, with 1,200 s more engagement. `engagement: false` = not measured.
 */
function visits(step: number, engagement = true): DigitalColumnsResult {
  const n = (63 * 86400) / step;
  const out: DigitalColumnsResult = {
    bucketUtc: new Float64Array(n),
    ...dmaDictionary(new Array<string>(n).fill('501')),
    sessions: new Float64Array(n),
    newUsers: new Float64Array(n),
    engagedSessions: new Float64Array(n),
    engagementS: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const t = HISTORY + i * step;
    const spike = AIRINGS.some(
      (a) => t >= a.startUtc - (a.startUtc % step) && t < a.startUtc + 4 * Math.min(step, 60),
    );
    out.bucketUtc[i] = t;
    out.sessions[i] = 4 + (spike ? 10 : 0);
    out.newUsers[i] = 1 + (spike ? 8 : 0);
    out.engagedSessions[i] = engagement ? 2 + (spike ? 8 : 0) : Number.NaN;
    out.engagementS[i] = engagement ? 120 + (spike ? 1200 : 0) : Number.NaN;
  }
  return out;
}

/** The same rows as the report's metric (sessions). */
const asVisits = (d: DigitalColumnsResult) => ({
  bucketUtc: d.bucketUtc,
  dmaIndex: d.dmaIndex,
  dmaCodes: d.dmaCodes,
  values: d.sessions,
});

function query(resolution: 'minute' | 'hour', engagement = true) {
  const digital = visits(resolution === 'minute' ? 60 : 3600, engagement);
  return new FakeQueryEngine(AIRINGS, { [resolution]: asVisits(digital) }, undefined, [], {
    [resolution]: digital,
  });
}

/** A connected GA4 property's pull state. */
const property = (over: Partial<PropertyPullState>): PropertyPullState => ({
  client_uid: 'client-a',
  property_id: '123',
  connection_id: 'c1',
  display_name: 'Acme web',
  url: 'https://acme.example',
  time_zone: 'America/New_York',
  resolution: 'minute',
  hourly_reason: null,
  pull: {} as PropertyPullState['pull'],
  quota_tokens: 0,
  quota_at: '2024-03-01T00:00:00Z',
  retry_after: null,
  version: 1,
  ...over,
});

describe('report pipeline: the Pro Digital section', () => {
  test('in-window visitors are compared with the baseline of the same windows', async () => {
    const { view } = await runReport(query('minute'));

    const section = view.pro_digital;
    expect(section?.available).toEqual({
      new_user_share: true,
      engaged_rate: true,
      engagement_time_s: true,
    });
    const overall = section?.overall;
    // Windows: 8 minutes x 4 sessions + 10 x 4 = 72 per airing; baseline 32 (4 a minute).
    expect(overall?.window_sessions).toBeCloseTo(3 * 72, 6);
    expect(overall?.baseline_sessions).toBeCloseTo(3 * 32, 6);
    expect(overall?.new_user_share.in_window).toBeCloseTo((8 + 32) / 72, 6);
    expect(overall?.new_user_share.baseline).toBeCloseTo(0.25, 6);
    expect(overall?.engaged_rate.in_window).toBeCloseTo((16 + 32) / 72, 6);
    expect(overall?.engaged_rate.baseline).toBeCloseTo(0.5, 6);
    expect(overall?.engagement_time_s.in_window).toBeCloseTo((960 + 4800) / 72, 6);
    expect(overall?.engagement_time_s.baseline).toBeCloseTo(30, 6);
    expect(section?.tables?.station.map((r) => [r.label, r.airings])).toEqual([['WABC', 3]]);
    expect(section?.tables?.creative.map((r) => r.label)).toEqual(['SPOT-A']);
    expect(section?.tables?.daypart.length).toBeGreaterThan(0);
    expect(view.visits_hourly).toBeNull();
  });

  test('visits without engagement columns: new-user share only, the rest not available', async () => {
    const { view } = await runReport(query('minute', false));

    expect(view.pro_digital?.available).toEqual({
      new_user_share: true,
      engaged_rate: false,
      engagement_time_s: false,
    });
    expect(view.pro_digital?.overall?.engaged_rate).toEqual({ in_window: null, baseline: null });
    expect(view.pro_digital?.overall?.new_user_share.in_window).toBeGreaterThan(0.25);
  });

  test('hourly uploaded visits: the report says they are hourly because of the upload', async () => {
    const { view } = await runReport(query('hour'));

    expect(view.settings.resolution).toBe('hour');
    expect(view.visits_hourly).toEqual({ source: 'upload', properties: [] });
    expect(view.pro_digital?.resolution).toBe('hour');
  });

  test("hourly GA4 visits: the report names the property and Google's reason", async () => {
    const connections = {
      listPropertyStates: async () => [
        property({
          resolution: 'hour',
          hourly_reason: 'Google withholds minute data (thresholding)',
        }),
        property({ property_id: '456', display_name: 'Blog' }),
      ],
    };

    const { view } = await runReport(query('hour'), undefined, { connections });

    expect(view.visits_hourly).toEqual({
      source: 'google_analytics',
      properties: [{ name: 'Acme web', reason: 'Google withholds minute data (thresholding)' }],
    });
  });
});
