import { describe, expect, test } from 'vitest';
import type { ReportFilters } from '#shared/contracts/report.schema';
import { NotFound } from '#shared/errors';
import { decodeDrillPeriod } from '../../../../lambdas/reports/core/drill-codec';
import {
  DrillCache,
  drillPeriod,
  fetchDrilldowns,
} from '../../../../lambdas/reports/core/drilldowns';
import { DRILL_AIRINGS, drillResult, storeDrill, unfilteredTables } from '../drill-fixture';
import { alice, allowancePorts, bob, countingReads, memoryPorts, seededCompanies } from '../fakes';

const none: ReportFilters = { broadcast_type: 'all', drill: [] };
const byStation = (key: string): ReportFilters => ({
  broadcast_type: 'all',
  drill: [{ dimension: 'station', key }],
});

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await companies.updateClient('client-a', { latest_report_id: 'rep-1' });
  const drill = await storeDrill(store, 'client-a', 'rep-1');
  await storeDrill(store, 'client-b', 'rep-b');
  return { deps: { companies, store, ...allowancePorts() }, drill };
}

describe('drill-downs', () => {
  test('stored airings and verdicts read back unchanged', async () => {
    const { drill } = await setup();

    const scored = decodeDrillPeriod(drill.main);

    expect(scored.map((s) => s.airing)).toEqual(DRILL_AIRINGS.map(([a]) => a));
    expect(scored.map((s) => s.result)).toEqual(drillResult().airings);
  });

  test('a station filter shows only its programs; its totals equal the station row of the full report', async () => {
    const { deps } = await setup();

    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: byStation('WABC'),
    });

    const row = unfilteredTables().station?.find((r) => r.key === 'WABC');
    expect(view.main.tables.program?.map((r) => r.key).sort()).toEqual(['News', 'Sports']);
    expect(view.main.tables.station?.map((r) => r.key)).toEqual(['WABC']);
    expect(view.main.summary).toMatchObject({
      airings: row?.ads,
      attributed_visits: row?.traffic,
      cost_cents: row?.cost_cents,
      vpa: row?.visitsper,
      significant_airings: 1,
      total_visits: 30_000,
      on_air_per_minute: 3,
    });
    expect(view.main.summary.cost_per_visit_cents).toBeCloseTo(row?.cost_per_visit_cents ?? 0, 9);
    expect(view.main.summary.lift_share).toBeCloseTo(16 / 30_000, 12);
    // Σ(φ·E) = 1.5 x 60; lower bound (16 - 1.645 x √90) / 60
    expect(view.main.summary.relative_lift_low).toBeCloseTo(
      (16 - 1.6448536 * Math.sqrt(90)) / 60,
      6,
    );
  });

  test('a daypart filter shows the stations that aired in it', async () => {
    const { deps } = await setup();

    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: { broadcast_type: 'all', drill: [{ dimension: 'daypart', key: 'tv:daytime' }] },
    });

    expect(view.main.tables.station?.map((r) => r.key)).toEqual(['WABC', 'Roku', 'WXYZ']);
    expect(view.main.tables.daypart?.map((r) => r.key)).toEqual(['tv:daytime']);
  });

  test('filters combine: a station and one of its programs', async () => {
    const { deps } = await setup();

    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: {
        broadcast_type: 'tv',
        drill: [
          { dimension: 'station', key: 'WABC' },
          { dimension: 'program', key: 'News' },
        ],
      },
    });

    expect(view.main.summary).toMatchObject({ airings: 2, attributed_visits: 10 });
    expect(view.filters.drill).toHaveLength(2);
  });

  test('the podcast group keeps podcast rows, with downloads and visits per download (VPD)', async () => {
    const { drill } = await setup();

    const period = drillPeriod(drill.main, { broadcast_type: 'podcast', drill: [] });

    expect(period.tables.station).toEqual([
      expect.objectContaining({
        key: 'Sleep Talk',
        type: 'podcast',
        impressions: 2500,
        visits_per_impression: 5 / 2500,
      }),
    ]);
    expect(period.summary.airings).toBe(1);
  });

  test('the stream scope serves streaming and podcast airings only', async () => {
    const { drill } = await setup();

    const period = drillPeriod(drill.main, none, 'stream');

    expect(period.tables.station?.map((r) => r.key).sort()).toEqual(['Roku', 'Sleep Talk']);
    expect(period.tables.station?.find((r) => r.key === 'Roku')?.visits_per_impression).toBe(
      (10 / 50_000) * 1000,
    );
  });

  test('without filters the view is the full report; the comparison period is filtered the same way', async () => {
    const { deps } = await setup();

    const all = await fetchDrilldowns(deps, alice, { client_uid: 'client-a', filters: none });
    const wxyz = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      report_id: 'rep-1',
      filters: byStation('WXYZ'),
    });

    expect(all.report_id).toBe('rep-1');
    expect(all.main.tables).toEqual(unfilteredTables());
    expect(all.main.summary.attributed_visits).toBe(43);
    expect(all.compare?.summary).toMatchObject({ airings: 3, attributed_visits: 8 });
    expect(wxyz.main.summary.airings).toBe(2);
    expect(wxyz.compare?.summary.airings).toBe(0);
    expect(wxyz.compare?.tables.station).toEqual([]);
  });

  test("another customer's client answers not found, and so does its report id under your client", async () => {
    const { deps } = await setup();

    await expect(
      fetchDrilldowns(deps, alice, { client_uid: 'client-b', filters: none }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      fetchDrilldowns(deps, bob, { client_uid: 'client-a', report_id: 'rep-1', filters: none }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      fetchDrilldowns(deps, alice, { client_uid: 'client-a', report_id: 'rep-b', filters: none }),
    ).rejects.toThrow('Report');
  });

  test("a warm container reads a report's drill data once and answers later filters from memory", async () => {
    const { deps } = await setup();
    const cache = new DrillCache();
    const { store, reads } = countingReads(deps.store);

    const first = await fetchDrilldowns({ ...deps, store, cache }, alice, {
      client_uid: 'client-a',
      filters: byStation('WXYZ'),
    });
    const again = await fetchDrilldowns({ ...deps, store, cache }, alice, {
      client_uid: 'client-a',
      filters: byStation('WXYZ'),
    });
    const other = await fetchDrilldowns({ ...deps, store, cache }, alice, {
      client_uid: 'client-a',
      filters: none,
    });

    expect(reads).toHaveLength(1);
    expect(again).toEqual(first);
    expect(other.main.summary.airings).toBeGreaterThan(first.main.summary.airings);
  });

  test('a report missing from the store is not remembered: once stored, it is found', async () => {
    const { deps } = await setup();
    const cache = new DrillCache();
    await deps.companies.updateClient('client-a', { latest_report_id: 'rep-2' });

    await expect(
      fetchDrilldowns({ ...deps, cache }, alice, { client_uid: 'client-a', filters: none }),
    ).rejects.toThrow('Report');
    await storeDrill(deps.store, 'client-a', 'rep-2');
    const view = await fetchDrilldowns({ ...deps, cache }, alice, {
      client_uid: 'client-a',
      filters: none,
    });

    expect(view.report_id).toBe('rep-2');
  });
});
