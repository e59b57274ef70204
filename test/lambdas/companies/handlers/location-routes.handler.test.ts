import { describe, expect, test } from 'vitest';
import { MemoryLocations } from '#shared/locations/locations';
import { makeHandler as fetchLocations } from '../../../../lambdas/companies/handlers/fetch-locations.handler';
import { makeHandler as saveLocation } from '../../../../lambdas/companies/handlers/save-location.handler';
import { makeHandler as saveHours } from '../../../../lambdas/companies/handlers/save-location-hours.handler';
import { seededCompanies } from '../../reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../reports/handlers/events';

async function deps() {
  const companies = await seededCompanies();
  const locations = new MemoryLocations();
  await locations.recordKnownStores('client-b', [{ store_id: 'S-1', dma_code: '501' }]);
  const d = { companies, locations, newId: () => 'loc-1' };
  return () => d;
}

const post = (path: string, sub: string | undefined, body: unknown) =>
  httpEvent({ method: 'POST', path: `/ss_rest/${path}`, sub, body });

describe('store location routes', () => {
  test('hours with a malformed time are refused with 400 naming the day and field; nothing is saved', async () => {
    const d = await deps();
    await saveLocation(d)(
      post('save_location', 'bob', { client_uid: 'client-b', store_id: 'S-1' }),
      lambdaContext,
    );

    const res = await saveHours(d)(
      post('save_location_hours', 'bob', {
        client_uid: 'client-b',
        uid: 'loc-1',
        hours: {
          mon: { open: '9am', close: '17:00' },
          tue: null,
          wed: null,
          thu: null,
          fri: null,
          sat: null,
          sun: null,
        },
      }),
      lambdaContext,
    );

    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      success: false,
      error: { field: 'hours.mon.open', message: 'Use HH:mm, e.g. 09:00.' },
    });
    expect((await d().locations.getLocation('client-b', 'loc-1'))?.hours).toBeNull();
  });

  test("another customer's client is 404 and a signed-out caller 401", async () => {
    const d = await deps();

    const stranger = await fetchLocations(d)(
      post('fetch_locations', 'alice', { client_uid: 'client-b' }),
      lambdaContext,
    );
    const nobody = await fetchLocations(d)(
      post('fetch_locations', undefined, { client_uid: 'client-b' }),
      lambdaContext,
    );

    expect(stranger.statusCode).toBe(404);
    expect(nobody.statusCode).toBe(401);
  });
});
