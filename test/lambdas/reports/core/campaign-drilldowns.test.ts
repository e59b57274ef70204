import { describe, expect, test } from 'vitest';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { ReportFilters } from '#shared/contracts/report.schema';
import { buildSummary, pairResults } from '../../../../lambdas/attribution/core/report';
import type { Airing } from '../../../../lambdas/attribution/core/types';
import { MemoryCampaigns } from '../../../../lambdas/campaigns/adapters/memory-campaigns';
import {
  type DrillDocument,
  encodeDrillPeriod,
} from '../../../../lambdas/reports/core/drill-codec';
import { fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { drillKey } from '../../../../lambdas/reports/core/keys';
import { drillResult } from '../drill-fixture';
import { airing, alice, allowancePorts, bob, memoryPorts, seededCompanies } from '../fakes';

const DAY = 86_400;
const MAR2 = Date.UTC(2024, 2, 2, 15) / 1000; // 10:00 in New York

/**
 * A week of airings (New York): before, inside and after a Mar 3-5 flight, on WABC and WXYZ,
 * in New York (501) and Los Angeles (803). Airing 4 starts Mar 6 03:00Z = Mar 5 22:00 local:
 * inside the flight by the market's date though not by UTC's.
 */
const AIRINGS: Array<[Airing, number]> = [
  [{ ...airing('1', MAR2), station: 'WABC' }, 10],
  [{ ...airing('2', MAR2 + DAY), station: 'WABC' }, 7],
  [{ ...airing('3', MAR2 + 2 * DAY), station: 'WXYZ' }, 5],
  [{ ...airing('4', Date.UTC(2024, 2, 6, 3) / 1000), station: 'WABC' }, 3],
  [{ ...airing('5', MAR2 + 2 * DAY, '803'), station: 'WABC', tz: 'America/Los_Angeles' }, 4],
  [{ ...airing('6', MAR2 + 5 * DAY), station: 'WABC' }, 9],
];

const FLIGHT: Campaign = {
  campaign_uid: 'k-1',
  client_uid: 'client-a',
  name: 'March flight',
  flight_start: '2024-03-03',
  flight_end: '2024-03-05',
  budget_cents: 100_000,
  goal: { kind: 'visits', target: 20 },
  station_ids: ['WABC'],
  creative_ids: [],
  dmas: [501],
  created_at: '2024-03-01T00:00:00.000Z',
  updated_at: '2024-03-01T00:00:00.000Z',
};

async function setup() {
  const companies = await seededCompanies();
  const { store } = memoryPorts();
  await companies.updateClient('client-a', { latest_report_id: 'rep-1' });
  const result = drillResult(AIRINGS);
  const period = encodeDrillPeriod(
    pairResults(
      AIRINGS.map(([a]) => a),
      result,
    ),
    buildSummary(result.campaign),
  );
  const doc: DrillDocument = { version: 1, main: period, compare: period };
  await store.putJson(drillKey('client-a', 'rep-1'), doc);
  await store.putJson(drillKey('client-b', 'rep-b'), doc);
  const campaigns = new MemoryCampaigns();
  await campaigns.put(FLIGHT);
  await campaigns.put({ ...FLIGHT, campaign_uid: 'k-b', client_uid: 'client-b' });
  return { deps: { companies, store, campaigns, ...allowancePorts() } };
}

const scoped = (campaign_uid: string): ReportFilters => ({
  broadcast_type: 'all',
  drill: [],
  campaign_uid,
});

describe('a report scoped to a campaign', () => {
  test("counts only the airings in the flight (market's local dates), stations and markets", async () => {
    const { deps } = await setup();

    const all = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: { broadcast_type: 'all', drill: [] },
    });
    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: scoped('k-1'),
    });

    expect(all.main.summary.airings).toBe(6);
    // WABC in New York, Mar 3-5 local: airings 2 and 4 (not 3: WXYZ; not 5: Los Angeles).
    expect(view.main.summary).toMatchObject({
      airings: 2,
      attributed_visits: 10,
      cost_cents: 20_000,
    });
    expect(view.main.tables.station?.map((r) => r.key)).toEqual(['WABC']);
    expect(view.filters.campaign_uid).toBe('k-1');
  });

  test('has no comparison period (the flight has none in the stored report)', async () => {
    const { deps } = await setup();

    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: scoped('k-1'),
    });

    expect(view.compare).toBeNull();
  });

  test('drill filters narrow the campaign further, never widen it', async () => {
    const { deps } = await setup();

    const view = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: { ...scoped('k-1'), drill: [{ dimension: 'station', key: 'WXYZ' }] },
    });

    expect(view.main.summary.airings).toBe(0);
  });

  test("another client's campaign is not found through one's own client, nor one's client by another customer", async () => {
    const { deps } = await setup();

    await expect(
      fetchDrilldowns(deps, alice, { client_uid: 'client-a', filters: scoped('k-b') }),
    ).rejects.toThrow('Campaign not found.');
    await expect(
      fetchDrilldowns(deps, bob, { client_uid: 'client-a', filters: scoped('k-1') }),
    ).rejects.toThrow('Client not found.');
  });
});
