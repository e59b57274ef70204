import { describe, expect, test } from 'vitest';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { LocationVisits, VisitColumnsResult } from '../../../../lambdas/reports/core/ports';
import { airing, FakeQueryEngine } from '../fakes';
import { runReport } from '../run-report';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const HISTORY = MAR4 - 56 * 86400;
// Three airings in the report week (Mar 4-10), in DMA 501, each at the top of an hour.
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  airing('3', MAR4 + 2 * 86400 + 10 * 3600),
];

/** `perBucket` per bucket in DMA 501 from 8 weeks before Mar 4 to Mar 11, plus `spike` in each airing's bucket. */
function series(step: number, perBucket: number, spike: number): VisitColumnsResult {
  const n = (63 * 86400) / step;
  const bucketUtc = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = HISTORY + i * step;
    bucketUtc[i] = t;
    values[i] =
      perBucket + (AIRINGS.some((a) => a.startUtc >= t && a.startUtc < t + step) ? spike : 0);
  }
  return { bucketUtc, ...dmaDictionary(new Array<string>(n).fill('501')), values };
}

const LOCATIONS: LocationVisits[] = [
  { location_id: 'Store #2', dma_code: '501', visits: 600 },
  { location_id: 'Store #1', dma_code: '501', visits: 1_800 },
];

async function run(footTraffic?: Partial<Record<'minute' | 'hour', VisitColumnsResult>>) {
  const query = new FakeQueryEngine(
    AIRINGS,
    { minute: series(60, 2, 10) },
    footTraffic,
    footTraffic ? LOCATIONS : [],
  );
  return { ...(await runReport(query)), query };
}

describe('report pipeline with foot traffic', () => {
  test('store visits become a second response source: the same airings, their own summary and tables', async () => {
    const { p, view, query } = await run({ hour: series(3600, 20, 15) });

    expect(p.foot_traffic_resolution).toBe('hour');
    expect(query.calls).toContain(
      `foot-traffic client-a hour ${HISTORY} ${MAR4 + 7 * 86400 + 7200}`,
    );
    const ft = view.foot_traffic;
    expect(ft?.resolution).toBe('hour');
    expect(ft?.summary.airings).toBe(3);
    // 7 days x 24 hours x 20 store visits, plus 15 in each airing's hour.
    expect(ft?.summary.total_visits).toBeCloseTo(7 * 24 * 20 + 3 * 15, 6);
    expect(ft?.summary.attributed_visits).toBeGreaterThan(3 * 10);
    expect(ft?.tables.station?.map((r) => [r.label, r.ads])).toEqual([['WABC', 3]]);
    // The website report is unchanged by the store visits.
    expect(view.summary.total_visits).toBeCloseTo(7 * 1440 * 2 + 3 * 10, 6);
  });

  test('locations are listed by store visits with their share of all store visits', async () => {
    const { view } = await run({ hour: series(3600, 20, 15) });

    expect(view.foot_traffic?.locations).toEqual([
      { location_id: 'Store #1', dma_code: '501', visits: 1_800, share: 0.75 },
      { location_id: 'Store #2', dma_code: '501', visits: 600, share: 0.25 },
    ]);
  });

  test('minute foot traffic is used at minute resolution when the client has it', async () => {
    const { view } = await run({ minute: series(60, 1, 5), hour: series(3600, 60, 5) });

    expect(view.foot_traffic?.resolution).toBe('minute');
    expect(view.foot_traffic?.summary.total_visits).toBeCloseTo(7 * 1440 + 3 * 5, 6);
  });

  test('a client without foot traffic gets none, and nothing is read for it', async () => {
    const { p, view, query } = await run();

    expect(p.foot_traffic_resolution).toBeNull();
    expect(view.foot_traffic).toBeNull();
    expect(query.calls.some((c) => c.startsWith('foot-traffic'))).toBe(false);
  });
});
