import { describe, expect, test } from 'vitest';
import {
  monthsBetween,
  stationGroupOptions,
} from '../../../../lambdas/families/core/station-groups';
import { client } from '../../reports/fakes';

describe('station group options', () => {
  test('lists groups, stations, organisations and advertisers from the visible clients only', () => {
    const visible = [
      client({
        client_uid: 'c2',
        org_uid: 'org-a',
        name: 'Acme',
        station_airings: { WABC: 3, KABC: 0 },
      }),
      client({ client_uid: 'c1', org_uid: 'org-a', name: 'ACME', station_airings: { WABC: 1 } }),
      client({ client_uid: 'c3', org_uid: 'org-b', name: 'Bolt', station_airings: { wnbc: 2 } }),
      client({ client_uid: 'd1', org_uid: 'org-demo', name: 'Demo', demo: true }),
    ];

    const out = stationGroupOptions({
      visible,
      groups: [{ id: 'g1', name: 'NY', stations: ['WABC', 'WXYZ'] }],
      orgNames: new Map([
        ['org-a', 'Org A'],
        ['org-b', 'Org B'],
      ]),
    });

    expect(out.station_groups).toEqual([
      { id: 'g1', name: 'NY', stations: ['WABC', 'WXYZ'], clients: 2 },
    ]);
    expect(out.stations.map((s) => [s.id, s.clients])).toEqual([
      ['WABC', 2],
      ['WNBC', 1],
    ]);
    expect(out.stations[0]?.months).toEqual(['2024-03']);
    expect(out.organisations).toEqual([
      { id: 'org-a', name: 'Org A', clients: 2 },
      { id: 'org-b', name: 'Org B', clients: 1 },
    ]);
    // One entry per advertiser name per organisation (the first record by id stands for it).
    expect(out.advertisers.map((a) => [a.advertiser_id, a.name])).toEqual([
      ['c1', 'ACME'],
      ['c3', 'Bolt'],
      ['d1', 'Demo'],
    ]);
  });

  test('months run newest first across a year end, at most the limit', () => {
    expect(monthsBetween('2025-11-20T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
    expect(monthsBetween('2020-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 2)).toEqual([
      '2026-02',
      '2026-01',
    ]);
    expect(monthsBetween(null, null)).toEqual([]);
  });
});
