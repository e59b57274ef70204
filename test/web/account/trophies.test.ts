import { describe, expect, test } from 'vitest';
import type { CompanyListItem } from '#shared/contracts/api.schema';
import { activityOf, trophyStanding } from '../../../web/src/account/trophies';

const client = (over: Partial<CompanyListItem> = {}): CompanyListItem => ({
  client_uid: 'c',
  name: 'Acme',
  sample_data: false,
  demo: false,
  airings: 10,
  first_airing_utc: null,
  last_airing_utc: null,
  latest_report_id: null,
  perms: {} as CompanyListItem['perms'],
  shared: false,
  ...over,
});

describe('activityOf', () => {
  test('counts own clients with a report and connected ones, not the demo or sample clients', () => {
    const clients = [
      client({ latest_report_id: 'r1', connection_status: 'connected' }),
      client({ latest_report_id: 'r2', connection_status: 'lite_connected' }),
      client({ connection_status: 'connected_invalid' }),
      client({ demo: true, latest_report_id: 'r3', connection_status: 'connected' }),
      client({ sample_data: true, latest_report_id: 'r4', connection_status: 'connected' }),
    ];

    expect(activityOf(clients)).toEqual({ reported: 2, connected: 2 });
  });
});

describe('trophyStanding', () => {
  test.each([
    [{ reported: 0, connected: 0 }, null, 'bronze', ['1 more client with a report']],
    [
      { reported: 1, connected: 0 },
      'bronze',
      'silver',
      ['3 more connected clients', '9 more clients with a report'],
    ],
    [{ reported: 10, connected: 2 }, 'bronze', 'silver', ['1 more connected client']],
    [
      { reported: 10, connected: 3 },
      'silver',
      'gold',
      ['7 more connected clients', '40 more clients with a report'],
    ],
    [{ reported: 60, connected: 9 }, 'silver', 'gold', ['1 more connected client']],
    [{ reported: 50, connected: 10 }, 'gold', null, null],
  ] as const)('%j holds %s; next %s needs %j', (activity, level, nextLevel, missing) => {
    const standing = trophyStanding(activity);

    expect(standing.level).toBe(level);
    expect(standing.next?.level ?? null).toBe(nextLevel);
    expect(standing.next?.missing ?? null).toEqual(missing);
  });
});
