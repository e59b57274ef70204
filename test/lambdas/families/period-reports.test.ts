import { describe, expect, it } from 'vitest';
import { enginePeriodReports } from '../../../lambdas/families/core/period-reports';
import { dmaDictionary } from '../../../lambdas/reports/core/dma-dictionary';
import { attributionEngine } from '../../../lambdas/reports/core/engine';
import type { VisitColumnsResult } from '../../../lambdas/reports/core/ports';
import { airing, client, FakeQueryEngine } from '../reports/fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const AIRINGS = [
  airing('1', MAR4 + 15 * 3600),
  airing('2', MAR4 + 86400 + 20 * 3600),
  {
    ...airing('3', MAR4 + 2 * 86400 + 14 * 3600),
    station: 'CTV1',
    stationType: 'streaming' as const,
    impressions: 20_000,
  },
  {
    ...airing('4', MAR4 + 3 * 86400 + 19 * 3600),
    station: 'CTV1',
    stationType: 'streaming' as const,
    impressions: 30_000,
  },
];

/** 2 visits a minute for 8 weeks before Mar 4 to Mar 11, 10 more in the 3 minutes after each airing. */
function minuteVisits(): VisitColumnsResult {
  const from = MAR4 - 56 * 86400;
  const bucketUtc: number[] = [];
  const values: number[] = [];
  for (let t = from; t < MAR4 + 7 * 86400; t += 60) {
    bucketUtc.push(t);
    values.push(2 + (AIRINGS.some((a) => t >= a.startUtc && t < a.startUtc + 180) ? 10 : 0));
  }
  return {
    bucketUtc: Float64Array.from(bucketUtc),
    ...dmaDictionary(bucketUtc.map(() => '501')),
    values: Float64Array.from(values),
  };
}

const range = { date_start: '2024-03-04', date_end: '2024-03-10' };
const periods = () =>
  enginePeriodReports({
    query: new FakeQueryEngine(AIRINGS, { minute: minuteVisits() }),
    engine: attributionEngine,
  });

describe('the numbers of a client period, from the report engine', () => {
  it('attributes every airing: about 30 visits each (10 more a minute for 3 minutes)', async () => {
    const all = await periods().run(client(), range, {});
    expect(all?.summary.airings).toBe(4);
    expect(all?.summary.attributed_visits).toBeGreaterThan(4 * 25);
    expect(all?.summary.attributed_visits).toBeLessThan(4 * 35);
    expect(all?.tables.station?.map((r) => r.label).sort()).toEqual(['CTV1', 'WABC']);
  });

  it('keeps only streaming and podcast airings for the streaming family, with their own verdicts', async () => {
    const all = await periods().run(client(), range, {});
    const stream = await periods().run(client(), range, { stream: true });
    const ctv = all?.tables.station?.find((r) => r.label === 'CTV1');
    expect(stream?.summary.airings).toBe(2);
    expect(stream?.tables.station?.map((r) => r.label)).toEqual(['CTV1']);
    expect(stream?.summary.attributed_visits).toBeCloseTo(ctv?.traffic ?? Number.NaN, 6);
    expect(stream?.tables.station?.[0]?.impressions).toBe(50_000);
    expect(stream?.pro_digital?.overall?.airings).toBe(2);
  });

  it("counts only a campaign's stations, whatever its flight dates", async () => {
    const scoped = await periods().run(client(), range, {
      campaign: {
        date_start: '2020-01-01',
        date_end: '2020-01-31',
        stations: ['WABC'],
        creatives: [],
        dmas: [],
      },
    });
    expect(scoped?.summary.airings).toBe(2);
    expect(scoped?.tables.station?.map((r) => r.label)).toEqual(['WABC']);
  });

  it("counts a campaign airing on the flight's last local evening west of UTC, not the evening before its first day", async () => {
    // 22:00 in New York on Mar 7 is Mar 8 03:00Z; 22:00 on Mar 3 is Mar 4 03:00Z.
    const lateEvening = airing('late', MAR4 + 4 * 86400 + 3 * 3600);
    const eveBefore = airing('eve', MAR4 + 3 * 3600);
    const scoped = await enginePeriodReports({
      query: new FakeQueryEngine([...AIRINGS, lateEvening, eveBefore], { minute: minuteVisits() }),
      engine: attributionEngine,
    }).run(
      client(),
      { date_start: '2024-03-04', date_end: '2024-03-07' },
      {
        campaign: {
          date_start: '2024-03-04',
          date_end: '2024-03-07',
          stations: [],
          creatives: [],
          dmas: [],
        },
      },
    );
    expect(scoped?.summary.airings).toBe(5);
  });

  it('has nothing for a period without airings', async () => {
    expect(
      await periods().run(client(), { date_start: '2024-04-01', date_end: '2024-04-30' }, {}),
    ).toBeNull();
  });
});
