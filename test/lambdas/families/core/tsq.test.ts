import { describe, expect, test } from 'vitest';
import { buildTsqDocument, MIN_OTHER_ADVERTISERS } from '../../../../lambdas/families/core/tsq';
import { buildTsq } from '../../../../lambdas/families/core/tsq-build';
import { alice } from '../../reports/fakes';
import { orgDeps, stationWorld } from './org-fakes';

const period = { start: '2026-10-01', end: '2026-10-31', label: 'October 2026' };
const table = (doc: ReturnType<typeof buildTsqDocument>) => {
  const s = doc.sections.find((x) => x.kind === 'table');
  if (s?.kind !== 'table') throw new Error('no table');
  return s.rows;
};
const kpi = (doc: ReturnType<typeof buildTsqDocument>, label: string) =>
  doc.kpis.find((k) => k.label === label)?.value;

describe('station month', () => {
  test('ranks the advertisers by visits per airing, then visits, with hand-computed totals', () => {
    // Acme 50/10 = 5.00, Bolt 30/4 = 7.50, Cato 25/5 = 5.00 (fewer visits than Acme).
    const doc = buildTsqDocument({
      station: 'WABC',
      period,
      visible: [
        { name: 'Acme', airings: 10, visits: 50, cost_cents: 20_000 },
        { name: 'Bolt', airings: 4, visits: 30, cost_cents: 6_000 },
        { name: 'Cato', airings: 5, visits: 25, cost_cents: null },
      ],
      hidden: [],
    });

    expect(table(doc).map((r) => [r.rank, r.advertiser, r.vpa, r.cost_per_visit])).toEqual([
      [1, 'Bolt', 7.5, 200],
      [2, 'Acme', 5, 400],
      [3, 'Cato', 5, null],
    ]);
    // 105 visits / 19 airings = 5.526 -> 5.53.
    expect([kpi(doc, 'Airings'), kpi(doc, 'Visits'), kpi(doc, 'Visits per airing')]).toEqual([
      19, 105, 5.53,
    ]);
    expect(table(doc)[0]?.share).toBeCloseTo(30 / 105);
  });

  test(`pools ${MIN_OTHER_ADVERTISERS} or more unseen advertisers into one unnamed row counted in the totals`, () => {
    const doc = buildTsqDocument({
      station: 'WABC',
      period,
      visible: [{ name: 'Acme', airings: 10, visits: 50, cost_cents: null }],
      hidden: [
        { airings: 6, visits: 12, cost_cents: null },
        { airings: 6, visits: 18, cost_cents: null },
        { airings: 6, visits: 30, cost_cents: null },
      ],
    });

    expect(table(doc).at(-1)).toMatchObject({
      rank: null,
      advertiser: 'Other advertisers (3)',
      airings: 18,
      visits: 60,
      vpa: 3.33,
    });
    expect(kpi(doc, 'Airings')).toBe(28);
    expect(kpi(doc, 'Visits')).toBe(110);
  });

  test('leaves one or two unseen advertisers out of every figure and says so', () => {
    const doc = buildTsqDocument({
      station: 'WABC',
      period,
      visible: [{ name: 'Acme', airings: 10, visits: 50, cost_cents: null }],
      hidden: [
        { airings: 6, visits: 12, cost_cents: null },
        { airings: 6, visits: 18, cost_cents: null },
      ],
    });

    expect(table(doc).map((r) => r.advertiser)).toEqual(['Acme']);
    expect(kpi(doc, 'Airings')).toBe(10);
    expect(JSON.stringify(doc)).toContain('2 other advertisers aired on WABC this month');
    expect(JSON.stringify(doc)).toContain('left out of every figure');
  });
});

describe('station month for a caller', () => {
  test.each([1, 2, 3])('never names the %i advertisers the caller cannot see', async (n) => {
    const world = await stationWorld(n);
    const deps = orgDeps(world);

    const doc = await buildTsq(deps, alice, { station_id: 'wabc', month: '2026-10' });

    const text = JSON.stringify(doc);
    for (const name of world.hiddenNames) expect(text).not.toContain(name);
    expect(text).not.toContain('c-h0');
    expect(
      table(doc)
        .slice(0, 3)
        .map((r) => r.advertiser),
    ).toEqual(['Bolt', 'Acme', 'Cato']);
    // Only Cato's WABC row counts: its KABC airings are another station's.
    expect(table(doc).find((r) => r.advertiser === 'Cato')).toMatchObject({
      airings: 5,
      visits: 25,
    });
  });

  test('refuses a station on which the caller has no client', async () => {
    const world = await stationWorld(3);
    const deps = orgDeps(world);

    await expect(
      buildTsq(deps, alice, { station_id: 'WXYZ', month: '2026-10' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(deps.statsCalls).toEqual([]);
  });
});
