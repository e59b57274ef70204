import { describe, expect, test } from 'vitest';
import { registrationSchema } from '#shared/contracts/account.schema';
import { register } from '../../../../lambdas/accounts/core/register';
import { updateProfile } from '../../../../lambdas/accounts/core/update-profile';
import { buildStations } from '../../../../lambdas/reference/core/stations-build';
import { PLACE, SAMPLE_SOURCES } from '../../reference/station-samples';
import { callerOf, makeWorld, registrationBody } from '../fakes';

const meta = { sourceIp: '203.0.113.9' };
const LIST = buildStations(SAMPLE_SOURCES, PLACE);
const stations = { stationById: async (id: string) => LIST.find((s) => s.id === id) ?? null };
const rep = (overrides: Record<string, unknown>) =>
  registrationSchema.parse(
    registrationBody({
      user_type: 'rep',
      markets: ['504'],
      company: '',
      url: '',
      industry_id: '',
      ...overrides,
    }),
  );

describe("a rep's primary station and markets come from the lists", () => {
  test('registration keeps a station of the list, with its details on the profile', async () => {
    const w = makeWorld();
    w.deps.stations = stations;

    await register(w.deps, w.companies, rep({ default_station_id: 'tv:WPVI' }), meta);

    expect(await w.accounts.profileByEmail('ada@example.com')).toMatchObject({
      markets: ['504'],
      default_station_id: 'tv:WPVI',
      default_station_info: { id: 'tv:WPVI', call_sign: 'WPVI', type: 'tv', dma_code: '504' },
    });
  });

  test('registration refuses a typed station and an unknown market, naming the field, and creates nothing', async () => {
    const w = makeWorld();
    w.deps.stations = stations;

    const typed = register(w.deps, w.companies, rep({ default_station_id: 'My Station FM' }), meta);
    const unknownMarket = register(w.deps, w.companies, rep({ markets: ['504', '999'] }), meta);

    await expect(typed).rejects.toMatchObject({ field: 'default_station_id', status: 400 });
    await expect(unknownMarket).rejects.toMatchObject({
      field: 'markets',
      message: expect.stringContaining("'999'"),
    });
    expect(await w.accounts.profileByEmail('ada@example.com')).toBeNull();
    expect(w.mailer.lastTo('ada@example.com')).toBeUndefined();
  });

  test('without a station list no station can be chosen; markets still can', async () => {
    const w = makeWorld();

    const withStation = register(w.deps, w.companies, rep({ default_station_id: 'tv:WPVI' }), meta);
    await expect(withStation).rejects.toMatchObject({ field: 'default_station_id' });
    await register(w.deps, w.companies, rep({}), meta);

    expect((await w.accounts.profileByEmail('ada@example.com'))?.markets).toEqual(['504']);
  });

  test('update_profile applies the same checks', async () => {
    const w = makeWorld();
    await register(w.deps, w.companies, rep({}), meta);
    const deps = {
      accounts: w.accounts,
      companies: w.companies,
      now: w.deps.now,
      identity: w.identity,
      stations,
    };
    const caller = callerOf('sub-1', 'ada@example.com');

    await expect(updateProfile(deps, caller, { default_station_id: 'WXYZ' })).rejects.toMatchObject(
      { field: 'default_station_id' },
    );
    await expect(updateProfile(deps, caller, { markets: ['000'] })).rejects.toMatchObject({
      field: 'markets',
    });
    const session = await updateProfile(deps, caller, {
      default_station_id: 'radio:KYW',
      markets: ['504', '501'],
    });

    expect(session).toMatchObject({ default_station_id: 'radio:KYW', markets: ['504', '501'] });
    expect((await w.accounts.getProfile('sub-1'))?.default_station_info).toMatchObject({
      call_sign: 'KYW',
      type: 'radio',
    });
  });
});
