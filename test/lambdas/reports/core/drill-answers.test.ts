import { describe, expect, test } from 'vitest';
import type { ReportFilters } from '#shared/contracts/report.schema';
import { pairResults } from '../../../../lambdas/attribution/core/report';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { decodeDrillPeriod, encodeDrillPeriod } from '../../../../lambdas/reports/core/drill-codec';
import {
  decodePeriod,
  filterScored,
  selectAirings,
} from '../../../../lambdas/reports/core/drill-periods';
import {
  DrillAnswerCache,
  DrillCache,
  fetchDrilldowns,
  fetchDrilldownsJson,
} from '../../../../lambdas/reports/core/drilldowns';
import { drillResult, storeDrill } from '../drill-fixture';
import {
  airing,
  alice,
  allowancePorts,
  countingReads,
  memoryPorts,
  seededCompanies,
} from '../fakes';

const byStation = (key: string, label?: string): ReportFilters => ({
  broadcast_type: 'all',
  drill: [{ dimension: 'station', key, ...(label ? { label } : {}) }],
});

/**
 * A year of airings over several stations, types, programs and creatives (deterministic), so
 * every dimension has many rows and the drills below select small and large subsets.
 */
function yearOfAirings(n: number): Array<[Airing, number]> {
  const stations: Array<[string, Airing['stationType']]> = [
    ['WABC', 'tv'],
    ['WXYZ', 'tv'],
    ['KRAD-FM', 'radio'],
    ['ESPN', 'cable'],
    ['Roku', 'streaming'],
    ['Sleep Talk', 'podcast'],
  ];
  const programs = ['News', 'Sports', 'Movie', null];
  const start = Date.UTC(2024, 0, 1) / 1000;
  return Array.from({ length: n }, (_, i) => {
    const [station, stationType] = stations[(i * 7) % stations.length] as [
      string,
      Airing['stationType'],
    ];
    const a: Airing = {
      ...airing(`a${i}`, start + i * 3_517, i % 3 === 0 ? '803' : '501'),
      tz: i % 3 === 0 ? 'America/Los_Angeles' : 'America/New_York',
      station,
      stationType,
      program: programs[i % programs.length] ?? null,
      creative: `SPOT-${'ABC'[i % 3]}`,
      lengthS: [15, 30, 60][i % 3] as number,
      impressions: stationType === 'streaming' ? 1_000 + i : null,
    };
    return [a, ((i * 37) % 23) - 5];
  });
}

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await companies.updateClient('client-a', { latest_report_id: 'rep-1' });
  await storeDrill(store, 'client-a', 'rep-1');
  const counted = countingReads(store);
  return {
    reads: counted.reads,
    deps: {
      companies,
      store: counted.store,
      ...allowancePorts(),
      cache: new DrillCache(),
      answers: new DrillAnswerCache(),
    },
  };
}

describe('drill answers', () => {
  test('the airings a drill selects through the index are those a scan of every airing selects, in order', () => {
    const rows = yearOfAirings(3_000);
    const airings = rows.map(([a]) => a);
    const result = drillResult(rows);
    const stored = encodeDrillPeriod(pairResults(airings, result), {} as never);
    const decoded = decodePeriod({ ...stored, summary: {} as never });
    const scored = decodeDrillPeriod(stored);
    const cases: ReportFilters[] = [
      { broadcast_type: 'all', drill: [] },
      { broadcast_type: 'tv', drill: [] },
      byStation('WABC'),
      byStation('nobody'),
      { broadcast_type: 'radio', drill: [{ dimension: 'station', key: 'WABC' }] },
      { broadcast_type: 'all', drill: [{ dimension: 'program', key: 'News' }] },
      { broadcast_type: 'all', drill: [{ dimension: 'daypart', key: 'tv:prime' }] },
      {
        broadcast_type: 'tv',
        drill: [
          { dimension: 'day_of_week', key: '3' },
          { dimension: 'spot_length', key: '30' },
        ],
      },
      { broadcast_type: 'all', drill: [{ dimension: 'month_of_year', key: '03' }] },
      { broadcast_type: 'all', drill: [{ dimension: 'week_number', key: '2024-W10' }] },
    ];
    const sizes: number[] = [];
    for (const filters of cases)
      for (const scope of ['all', 'stream'] as const) {
        const expected = filterScored(scored, filters, scope).map((s) => s.airing.id);
        if (scope === 'all') sizes.push(expected.length);
        const got = selectAirings(decoded, filters, scope).map((s) => s.airing.id);
        expect({ filters, scope, got }).toEqual({ filters, scope, got: expected });
      }
    // Every case but the unknown station and radio-only WABC selects airings.
    expect(sizes.filter((n) => n > 0)).toHaveLength(cases.length - 2);
    // A campaign's scope narrows the same airings either way.
    const campaign = {
      date_start: '2024-02-01',
      date_end: '2024-05-31',
      stations: ['WABC', 'KRAD-FM'],
      creatives: [],
      dmas: [],
    };
    expect(
      selectAirings(decoded, byStation('WABC'), 'all', campaign).map((s) => s.airing.id),
    ).toEqual(filterScored(scored, byStation('WABC'), 'all', campaign).map((s) => s.airing.id));
  });

  test('a drill asked again is served from the kept answer, with the label the caller sent', async () => {
    const { deps, reads } = await setup();

    const first = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: byStation('WABC', 'WABC (ABC 7)'),
    });
    const again = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: byStation('WABC', 'WABC New York'),
    });

    expect(again.main).toBe(first.main);
    expect(again.main.tables.station?.map((r) => r.key)).toEqual(['WABC']);
    expect(again.filters.drill[0]?.label).toBe('WABC New York');
    expect(reads.filter((k) => k.endsWith('drill.json'))).toHaveLength(1);
  });

  test('the route sends a kept drill as the same periods with the filters of each request', async () => {
    const { deps } = await setup();
    const ask = (label: string) =>
      fetchDrilldownsJson(deps, alice, {
        client_uid: 'client-a',
        filters: byStation('WABC', label),
      });

    const first = JSON.parse((await ask('WABC (ABC 7)')).text);
    const again = JSON.parse((await ask('WABC New York')).text);

    expect(again.filters.drill[0].label).toBe('WABC New York');
    expect(again.main).toEqual(first.main);
    expect(again.compare).toEqual(first.compare);
    expect(again).toEqual(
      await fetchDrilldowns(deps, alice, {
        client_uid: 'client-a',
        filters: byStation('WABC', 'WABC New York'),
      }),
    );
    expect(again.main.tables.station.map((r: { key: string }) => r.key)).toEqual(['WABC']);
  });

  test('an answer kept for a caller who sees creatives is never served to one who may not', async () => {
    const { deps } = await setup();
    // carol shares alice's organisation but is past her free reports without a plan.
    const carol = { ...alice, userId: 'carol', email: 'carol@example.com' };
    await deps.companies.addMembership('carol', 'org-a');
    for (const uid of ['x1', 'x2']) await deps.usage.claim('carol', uid, 2);
    const creativesIn = (v: { main: { tables: Record<string, { creatives: unknown[] }[]> } }) =>
      Object.values(v.main.tables).flatMap((rows) => rows.flatMap((r) => r.creatives));

    const forAlice = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: byStation('WABC'),
    });
    const forCarol = await fetchDrilldowns(deps, carol, {
      client_uid: 'client-a',
      filters: byStation('WABC'),
    });

    expect(creativesIn(forAlice).length).toBeGreaterThan(0);
    expect(creativesIn(forCarol)).toEqual([]);
    expect(forCarol.main.tables.creative).toEqual([]);
    expect(forCarol.main.tables.station?.map((r) => r.key)).toEqual(['WABC']);
  });
});
