import { describe, expect, test } from 'vitest';
import type { StoredReportView } from '#shared/contracts/report.schema';
import { clientMerge } from '../../../../lambdas/companies/core/client-merge';
import { companySave } from '../../../../lambdas/companies/core/company-save';
import type { StoredAiring } from '../../../../lambdas/imports/core/lake-rows';
import type { VisitsColumns } from '../../../../lambdas/imports/core/types';
import { callerOf, clientWorld } from '../client-fakes';

const alice = callerOf('alice');
const T = Date.UTC(2026, 0, 5, 15) / 1000;

function airing(key: string, start: number, advertiser: string): StoredAiring {
  return {
    airing_key: key,
    airing_id: key,
    advertiser,
    start_utc: start,
    market: '501',
    tz: 'America/New_York',
    station: key.startsWith('k') ? 'KABC' : 'WXYZ',
    station_type: 'tv',
    network: null,
    program: null,
    cable_zone: null,
    creative: null,
    length_s: 30,
    cost_cents: null,
    impressions: null,
  } as StoredAiring;
}

function visits(bucket: number, n: number): VisitsColumns {
  return {
    resolution: 'minute',
    length: 1,
    bucketUtc: Float64Array.of(bucket),
    dmaIndex: Uint16Array.of(0),
    dmaCodes: ['501'],
    sessions: Float64Array.of(n),
    newUsers: Float64Array.of(n),
    pageviews: Float64Array.of(n),
  };
}

/** Acme (kept) and its duplicate ACME Inc, both of org-a, with airings, visits and a report. */
async function setup() {
  const world = await clientWorld();
  const { deps, base, companies } = world;
  const keep = (await companySave(deps, alice, { name: 'Acme' })).client_info.client_uid;
  const dup = (await companySave(deps, alice, { name: 'ACME Inc' })).client_info.client_uid;
  // Day 1: the same airing in both plus one only in the duplicate; day 2 only the duplicate.
  await base.lake.writeAirings(keep, 'airings', '2026-01-05', [airing('w1', T, 'Acme')]);
  await base.lake.writeAirings(dup, 'airings', '2026-01-05', [
    airing('w1', T, 'ACME Inc'),
    airing('k1', T + 60, 'ACME Inc'),
  ]);
  await base.lake.writeAirings(dup, 'airings', '2026-01-06', [airing('k2', T + 86400, 'ACME Inc')]);
  await companies.updateClient(keep, {
    airings: 1,
    first_airing_utc: new Date(T * 1000).toISOString(),
    last_airing_utc: new Date(T * 1000).toISOString(),
    station_airings: { WXYZ: 1 },
    media_airings: { tv: 1 },
  });
  await companies.updateClient(dup, {
    airings: 3,
    latest_report_id: 'rep-dup',
    station_airings: { WXYZ: 1, KABC: 2 },
  });
  // Visits: the kept client has Jan 5, the duplicate Jan 5 and Jan 6.
  await base.lake.writeVisits(keep, 'minute', 'visits', '2026-01-05', visits(T, 7));
  await base.lake.writeVisits(dup, 'minute', 'visits', '2026-01-05', visits(T, 99));
  await base.lake.writeVisits(dup, 'minute', 'visits', '2026-01-06', visits(T + 86400, 5));
  world.reports.views.set(`${dup}/rep-dup`, { report_id: 'rep-dup' } as StoredReportView);
  await world.accounts.putShare({
    share_uid: 's1',
    client_uid: dup,
    client_name: 'ACME Inc',
    from_user_id: 'alice',
    from_email: 'alice@example.com',
    to_email: 'carol@example.com',
    perms: ['view'],
    status: 'active',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });
  await world.locations.createLocation(dup, {
    uid: 'loc1',
    store_id: 'S1',
    name: 'Main St',
    address: '1 Main St',
    dma_code: '501',
    timezone: 'America/New_York',
    nickname: null,
    hours: null,
  });
  await world.favorites.setFavorite('ana', dup, true);
  await world.saved.createSaved({
    saved_id: 'sv1',
    client_uid: dup,
    report_id: 'rep-dup',
    name: 'Kept view',
  } as never);
  return { ...world, keep, dup };
}

describe('client_merge', () => {
  test('moves airings, visit days, reports, shares, locations and favourites; the duplicate is gone', async () => {
    const s = await setup();

    const out = await clientMerge(s.deps, alice, {
      from_client_uid: s.dup,
      into_client_uid: s.keep,
    });

    expect(out).toEqual({
      into_client_uid: s.keep,
      moved: { airings: 2, visit_days: 1, reports: 1, shares: 1, locations: 1 },
    });
    const airings = s.base.lake.allAirings(s.keep);
    expect(airings.map((a) => a.airing_key).sort()).toEqual(['k1', 'k2', 'w1']);
    expect(new Set(airings.map((a) => a.advertiser))).toEqual(new Set(['Acme']));
    const kept = await s.companies.getClient(s.keep);
    expect(kept).toMatchObject({
      airings: 3,
      latest_report_id: 'rep-dup',
      station_airings: { WXYZ: 1, KABC: 2 },
      media_airings: { tv: 3 },
      ft_locations: 1,
    });
    expect(kept?.last_airing_utc).toBe(new Date((T + 86400) * 1000).toISOString());
    // The kept client's own day wins; the duplicate's other day is added.
    expect(s.base.lake.visits.get(`${s.keep}/minute/2026-01-05`)?.sessions[0]).toBe(7);
    expect(s.base.lake.visits.get(`${s.keep}/minute/2026-01-06`)?.sessions[0]).toBe(5);
    expect(await s.reports.view(s.keep, 'rep-dup')).not.toBeNull();
    expect((await s.saved.listSaved(s.keep)).map((r) => r.saved_id)).toEqual(['sv1']);
    expect((await s.accounts.getShare('s1'))?.client_uid).toBe(s.keep);
    expect((await s.locations.listLocations(s.keep)).map((l) => l.store_id)).toEqual(['S1']);
    expect(await s.favorites.isFavorite('ana', s.keep)).toBe(true);
    expect(await s.companies.getClient(s.dup)).toBeNull();
    // A later import of the duplicate's advertiser name lands on the kept client.
    expect(await s.names.owner('org-a', 'acme inc')).toBe(s.keep);
  });

  test('names merged into a client earlier follow it when it is merged in turn', async () => {
    const s = await setup();
    const third = (await companySave(s.deps, alice, { name: 'Acme Corp' })).client_info.client_uid;
    await clientMerge(s.deps, alice, { from_client_uid: third, into_client_uid: s.dup });

    await clientMerge(s.deps, alice, { from_client_uid: s.dup, into_client_uid: s.keep });

    expect(await s.names.owner('org-a', 'acme corp')).toBe(s.keep);
    expect(await s.names.owner('org-a', 'acme inc')).toBe(s.keep);
  });

  test('the same request again answers not found and changes nothing', async () => {
    const s = await setup();
    const input = { from_client_uid: s.dup, into_client_uid: s.keep };
    await clientMerge(s.deps, alice, input);
    const before = s.base.lake.allAirings(s.keep).length;

    const error = await clientMerge(s.deps, alice, input).catch((e) => e);

    expect(error).toMatchObject({ status: 404 });
    expect(s.base.lake.allAirings(s.keep)).toHaveLength(before);
  });

  test('a merge that died half-way finishes when asked again, without doubling anything', async () => {
    const s = await setup();
    const input = { from_client_uid: s.dup, into_client_uid: s.keep };
    const realDelete = s.deps.removal.deleteClient;
    s.deps.removal = { deleteClient: async () => Promise.reject(new Error('network')) };
    await expect(clientMerge(s.deps, alice, input)).rejects.toThrow('network');
    s.deps.removal = { deleteClient: realDelete };

    await clientMerge(s.deps, alice, input);

    expect(s.base.lake.allAirings(s.keep)).toHaveLength(3);
    expect(await s.companies.getClient(s.keep)).toMatchObject({
      airings: 3,
      station_airings: { WXYZ: 1, KABC: 2 },
    });
    expect(await s.companies.getClient(s.dup)).toBeNull();
  });

  test('a client connected to Google Analytics is not merged away, and nothing moves', async () => {
    const s = await setup();
    s.connections.connections.set('c1', {
      client_uid: s.dup,
      connection_id: 'c1',
      property_ids: ['1001'],
    } as never);

    const error = await clientMerge(s.deps, alice, {
      from_client_uid: s.dup,
      into_client_uid: s.keep,
    }).catch((e) => e);

    expect(error).toMatchObject({
      status: 400,
      field: 'from_client_uid',
      message:
        'ACME Inc is connected to Google Analytics: disconnect it first, or merge the other way.',
    });
    expect(s.base.lake.allAirings(s.keep)).toHaveLength(1);
    expect(await s.companies.getClient(s.dup)).not.toBeNull();
  });

  test("the merged client's Industry Insights contribution leaves its industry", async () => {
    const s = await setup();
    await s.companies.updateClient(s.dup, { industry_id: '442' });
    await s.benchmarks.putInIndustry('442', {
      client_uid: s.dup,
      sample_data: false,
    } as never);

    await clientMerge(s.deps, alice, { from_client_uid: s.dup, into_client_uid: s.keep });

    expect(await s.benchmarks.listIndustry('442', false)).toEqual([]);
  });

  test('a kept client the caller cannot see is refused on into_client_uid, like an unknown one', async () => {
    const s = await setup();
    await s.companies.putClient({
      ...(await s.companies.getClient(s.keep))!,
      client_uid: 'theirs',
      org_uid: 'org-b',
    });
    const input = (into: string) => ({ from_client_uid: s.dup, into_client_uid: into });

    const unseen = await clientMerge(s.deps, alice, input('theirs')).catch((e) => e);
    const unknown = await clientMerge(s.deps, alice, input('no-such-client')).catch((e) => e);

    for (const error of [unseen, unknown]) {
      expect(error).toMatchObject({
        status: 400,
        field: 'into_client_uid',
        message: 'Pick one of your clients to merge into.',
      });
    }
    expect(await s.companies.getClient(s.dup)).not.toBeNull();
  });

  test('clients of different organisations are not merged', async () => {
    const s = await setup();
    await s.companies.addMembership('alice', 'org-b', 'owner');
    const other = (await companySave(s.deps, alice, { name: 'Bolt', org_uid: 'org-b' })).client_info
      .client_uid;

    const error = await clientMerge(s.deps, alice, {
      from_client_uid: s.dup,
      into_client_uid: other,
    }).catch((e) => e);

    expect(error).toMatchObject({
      status: 400,
      field: 'into_client_uid',
      message: 'Only clients of the same organization can be merged.',
    });
    expect(await s.companies.getClient(s.dup)).not.toBeNull();
  });

  test("a stranger cannot merge another customer's clients (not found)", async () => {
    const s = await setup();

    const error = await clientMerge(s.deps, callerOf('bob'), {
      from_client_uid: s.dup,
      into_client_uid: s.keep,
    }).catch((e) => e);

    expect(error).toMatchObject({ status: 404 });
    expect(await s.companies.getClient(s.dup)).not.toBeNull();
  });
});
