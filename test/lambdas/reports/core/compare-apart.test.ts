import { describe, expect, test } from 'vitest';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { dmaDictionary } from '../../../../lambdas/reports/core/dma-dictionary';
import type { VisitColumnsResult } from '../../../../lambdas/reports/core/ports';
import { periodsApart } from '../../../../lambdas/reports/core/steps';
import { airing, dmaCodesOf, FakeQueryEngine, visitColumns } from '../fakes';
import { runReport } from '../run-report';

const DAY = 86_400;
const WEEKS8 = 56 * DAY;
const MAR4_2024 = Date.UTC(2024, 2, 4) / 1000;
const MAR6_2023 = Date.UTC(2023, 2, 6) / 1000;
// Three airings in the report week, two in the same week a year before (the comparison).
const NOW = [
  airing('1', MAR4_2024 + 15 * 3600),
  airing('2', MAR4_2024 + DAY + 20 * 3600),
  airing('3', MAR4_2024 + 2 * DAY + 1800),
];
const YEAR_AGO = [
  airing('c1', MAR6_2023 + 14 * 3600),
  airing('c2', MAR6_2023 + 3 * DAY + 19 * 3600),
];

/** 2 visits/min in DMA 501 over [from, to), plus 10/min in the 3 minutes after each airing. */
function minutes(from: number, to: number, airings: Airing[]): VisitColumnsResult {
  const n = (to - from) / 60;
  const bucketUtc = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = from + i * 60;
    bucketUtc[i] = t;
    values[i] = 2 + (airings.some((a) => t >= a.startUtc && t < a.startUtc + 180) ? 10 : 0);
  }
  return { bucketUtc, ...dmaDictionary(new Array<string>(n).fill('501')), values };
}

/** A query engine that, like the lake, answers only the visits inside the asked range. */
class RangedQueryEngine extends FakeQueryEngine {
  constructor(
    airings: Airing[],
    private readonly all: VisitColumnsResult,
  ) {
    super(airings, { minute: all });
  }
  override async extractVisits(
    clientUid: string,
    resolution: 'minute' | 'hour',
    fromUtc: number,
    toUtc: number,
    method: string,
  ) {
    await super.extractVisits(clientUid, resolution, fromUtc, toUtc, method);
    const keep = [...this.all.bucketUtc.keys()].filter((i) => {
      const t = this.all.bucketUtc[i] as number;
      return t >= fromUtc && t < toUtc;
    });
    const codes = dmaCodesOf(this.all);
    return visitColumns({
      bucketUtc: keep.map((i) => this.all.bucketUtc[i] as number),
      dmaCode: keep.map((i) => codes[i] as string),
      values: keep.map((i) => this.all.values[i] as number),
    });
  }
}

describe('a comparison period far from the report period (year over year)', () => {
  test('periodsApart: blocks that touch are one read, a year apart are two', () => {
    const week = (from: number) => ({ fromUtc: from, toUtc: from + 7 * DAY });

    expect(periodsApart(week(MAR4_2024), week(MAR4_2024 - 7 * DAY))).toBe(false);
    expect(periodsApart(week(MAR4_2024), week(MAR4_2024 - 10 * 7 * DAY))).toBe(true);
    expect(periodsApart(week(MAR4_2024), week(MAR6_2023))).toBe(true);
  });

  test('reads each period with its own history, not the year in between, and compares them', async () => {
    const blocks = [
      minutes(MAR6_2023 - WEEKS8, MAR6_2023 + 7 * DAY + 7200, YEAR_AGO),
      minutes(MAR4_2024 - WEEKS8, MAR4_2024 + 7 * DAY + 7200, NOW),
    ];
    const all: VisitColumnsResult = visitColumns({
      bucketUtc: [...blocks[0]!.bucketUtc, ...blocks[1]!.bucketUtc],
      dmaCode: [...dmaCodesOf(blocks[0]!), ...dmaCodesOf(blocks[1]!)],
      values: [...blocks[0]!.values, ...blocks[1]!.values],
    });
    const query = new RangedQueryEngine([...YEAR_AGO, ...NOW], all);

    const { view } = await runReport(query, {
      date_start: '2024-03-04',
      date_end: '2024-03-10',
      compare_date_start: '2023-03-06',
      compare_date_end: '2023-03-12',
    });

    // The engine's reads of the report metric (the weekly-trend read of new users aside).
    const reads = query.calls.filter((c) => c.startsWith('visits') && c.endsWith('sessions'));
    expect(reads).toEqual([
      `visits client-a minute ${MAR4_2024 - WEEKS8} ${MAR4_2024 + 7 * DAY + 7200} sessions`,
      `visits client-a minute ${MAR6_2023 - WEEKS8} ${MAR6_2023 + 7 * DAY + 7200} sessions`,
    ]);
    expect(view.summary.airings).toBe(3);
    expect(view.compare?.summary.airings).toBe(2);
    // 2 airings x 3 minutes x 10 extra visits were injected a year ago.
    expect(view.compare?.summary.attributed_visits).toBeGreaterThan(40);
    expect(view.compare?.summary.attributed_visits).toBeLessThan(80);
  });
});
