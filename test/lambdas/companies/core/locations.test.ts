import { describe, expect, test } from 'vitest';
import { saveLocationInputSchema } from '#shared/contracts/locations.schema';
import { MemoryLocations } from '#shared/locations/locations';
import {
  deleteLocation,
  fetchLocations,
  findLocation,
  type LocationDeps,
  saveLocation,
  saveLocationHours,
  saveLocationNickname,
} from '../../../../lambdas/companies/core/locations';
import { alice, bob, seededCompanies } from '../../reports/fakes';

async function setup(): Promise<LocationDeps & { locations: MemoryLocations }> {
  const companies = await seededCompanies();
  const locations = new MemoryLocations();
  await locations.recordKnownStores('client-a', [
    { store_id: 'NYC-12', dma_code: '501' },
    { store_id: 'LA-3', dma_code: '803' },
  ]);
  let n = 0;
  return { companies, locations, newId: () => `loc-${++n}` };
}

const hours = {
  mon: { open: '09:00', close: '17:00' },
  tue: null,
  wed: null,
  thu: null,
  fri: null,
  sat: null,
  sun: null,
};

describe('foot-traffic locations of a client', () => {
  test('adding a store the data knows takes its market and that market time zone, and counts it on the client', async () => {
    const deps = await setup();

    const { location } = await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'LA-3',
    });

    expect(location).toMatchObject({
      uid: 'loc-1',
      store_id: 'LA-3',
      dma_code: '803',
      timezone: 'America/Los_Angeles',
      hours: null,
      nickname: null,
    });
    expect((await deps.companies.getClient('client-a'))?.ft_locations).toBe(1);
    expect((await fetchLocations(deps, alice, { client_uid: 'client-a' })).locations).toHaveLength(
      1,
    );
  });

  test('a store id is one location per client: adding it twice is refused and nothing is added', async () => {
    const deps = await setup();
    await saveLocation(deps, alice, { client_uid: 'client-a', store_id: 'NYC-12' });

    await expect(
      saveLocation(deps, alice, { client_uid: 'client-a', store_id: 'NYC-12' }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('NYC-12') });
    expect((await deps.locations.listLocations('client-a')).length).toBe(1);
    expect((await deps.companies.getClient('client-a'))?.ft_locations).toBe(1);
  });

  test('a store the data does not know needs a name and an address', async () => {
    const deps = await setup();

    await expect(
      saveLocation(deps, alice, { client_uid: 'client-a', store_id: 'NEW-1' }),
    ).rejects.toMatchObject({ status: 400, field: 'name' });
    const { location } = await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'NEW-1',
      name: 'Downtown',
      address: '1 Main St',
      dma_code: '602',
    });
    expect(location).toMatchObject({ name: 'Downtown', timezone: 'America/Chicago' });
  });

  test('the uid of a location stays the same through nickname and hours changes', async () => {
    const deps = await setup();
    const { location } = await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'NYC-12',
    });

    await saveLocationNickname(deps, alice, {
      client_uid: 'client-a',
      uid: location.uid,
      nickname: 'Flagship',
    });
    await saveLocationHours(deps, alice, { client_uid: 'client-a', uid: location.uid, hours });

    const [saved] = (await fetchLocations(deps, alice, { client_uid: 'client-a' })).locations;
    expect(saved).toMatchObject({ uid: location.uid, nickname: 'Flagship', hours });
    await saveLocationNickname(deps, alice, {
      client_uid: 'client-a',
      uid: location.uid,
      nickname: '',
    });
    expect((await deps.locations.getLocation('client-a', location.uid))?.nickname).toBeNull();
  });

  test('find_location searches store ids, names and market names; added ones say so', async () => {
    const deps = await setup();
    await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'X-9',
      name: 'Harbor Mall',
      address: '5 Pier Rd',
    });

    const byId = await findLocation(deps, alice, { client_uid: 'client-a', query: 'nyc' });
    const byAddress = await findLocation(deps, alice, { client_uid: 'client-a', query: 'pier' });
    const byMarket = await findLocation(deps, alice, {
      client_uid: 'client-a',
      query: 'los angeles',
    });

    expect(byId.results).toEqual([
      { store_id: 'NYC-12', name: 'NYC-12', address: '', dma_code: '501', added: false },
    ]);
    expect(byAddress.results.map((r) => [r.store_id, r.added])).toEqual([['X-9', true]]);
    expect(byMarket.results.map((r) => r.store_id)).toEqual(['LA-3']);
  });

  test("another customer's client is 404 for every location call, and nothing changes", async () => {
    const deps = await setup();
    const { location } = await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'NYC-12',
    });
    const c = 'client-a';
    const uid = location.uid;

    const calls = [
      fetchLocations(deps, bob, { client_uid: c }),
      findLocation(deps, bob, { client_uid: c, query: 'NYC' }),
      saveLocation(deps, bob, { client_uid: c, store_id: 'LA-3' }),
      saveLocation(deps, bob, { client_uid: c, uid, store_id: 'NYC-12', name: 'Mine' }),
      deleteLocation(deps, bob, { client_uid: c, uid }),
      saveLocationNickname(deps, bob, { client_uid: c, uid, nickname: 'x' }),
      saveLocationHours(deps, bob, { client_uid: c, uid, hours: null }),
    ];

    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 404 });
    expect(await deps.locations.listLocations(c)).toEqual([location]);
  });

  test('a demo client can be read but its locations cannot be changed', async () => {
    const deps = await setup();

    await expect(fetchLocations(deps, alice, { client_uid: 'demo-1' })).resolves.toMatchObject({
      locations: [],
    });
    await expect(
      saveLocation(deps, alice, { client_uid: 'demo-1', store_id: 'S', name: 'S', address: 'A' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  test('deleting a location removes it, frees its store id and lowers the count', async () => {
    const deps = await setup();
    const { location } = await saveLocation(deps, alice, {
      client_uid: 'client-a',
      store_id: 'NYC-12',
    });

    await deleteLocation(deps, alice, { client_uid: 'client-a', uid: location.uid });

    expect(await deps.locations.listLocations('client-a')).toEqual([]);
    expect((await deps.companies.getClient('client-a'))?.ft_locations).toBe(0);
    await expect(
      saveLocation(deps, alice, { client_uid: 'client-a', store_id: 'NYC-12' }),
    ).resolves.toBeTruthy();
  });

  test('input errors name the field', () => {
    const bad = saveLocationInputSchema.safeParse({ client_uid: 'client-a', store_id: ' ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['store_id']);
  });
});
