import { describe, expect, test } from 'vitest';
import type { FamilyGenerateRequest } from '#shared/contracts/families.schema';
import { precheckOrgFamily } from '../../../../lambdas/families/core/org-rollup-builders';
import { alice, bob } from '../../reports/fakes';
import { orgDeps, stationWorld } from './org-fakes';

const ask = (r: Partial<FamilyGenerateRequest>) => r as FamilyGenerateRequest;

describe('the organisation families refuse at once what the caller may not see', () => {
  test.each([
    [
      'a station month of a station without their clients',
      ask({ kind: 'monthly_tsq', station_id: 'WABC', month: '2026-10' }),
    ],
    [
      'an advertiser record of another customer',
      ask({ kind: 'advertiser', advertiser_id: 'c-acme', start: '2026-10-01', end: '2026-10-31' }),
    ],
    [
      "another customer's organisation's activity",
      ask({ kind: 'activity', org_uid: 'org-rep', start: '2026-10-01', end: '2026-10-31' }),
    ],
    [
      "someone else's station group's activity",
      ask({ kind: 'activity', station_group_id: 'g1', start: '2026-10-01', end: '2026-10-31' }),
    ],
  ])('%s: 404', async (_what, request) => {
    const world = await stationWorld(0);
    const deps = orgDeps({
      ...world,
      groups: { alice: [{ id: 'g1', name: 'NY', stations: ['WABC'] }] },
    });

    await expect(precheckOrgFamily(deps, bob, request)).rejects.toMatchObject({ status: 404 });
    await expect(precheckOrgFamily(deps, alice, request)).resolves.toBeUndefined();
  });

  test('the activity report names its missing scope', async () => {
    const world = await stationWorld(0);

    await expect(
      precheckOrgFamily(
        orgDeps(world),
        alice,
        ask({ kind: 'activity', start: '2026-10-01', end: '2026-10-31' }),
      ),
    ).rejects.toMatchObject({ status: 400, field: 'station_group_id' });
  });
});
