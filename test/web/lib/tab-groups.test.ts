import { describe, expect, test } from 'vitest';
import { knownTypes, pickGroup, tabGroups } from '../../../web/src/lib/tab-groups';

const keys = (types: string[], filter: Parameters<typeof tabGroups>[1] = 'all') =>
  tabGroups(types, filter).map((g) => `${g.key}:${g.broadcastType}:${g.route}`);

describe('tab groups (spec §2: TV and radio tabs, cable tabs; streaming, podcast)', () => {
  test('a TV and radio report has one TV & radio group over the whole report', () => {
    const [group] = tabGroups(['radio', 'tv'], 'all');

    expect(keys(['radio', 'tv'])).toEqual(['broadcast:all:fetch_drilldowns']);
    expect(group?.label).toBe('TV & radio');
    expect(group?.dimensions).toEqual([
      'daypart',
      'day_of_week',
      'day_of_month',
      'week_number',
      'month_of_year',
      'station',
      'program',
      'creative',
      'spot_length',
    ]);
  });

  test('a mixed report gets All types, then one group per type present, streaming via its own route', () => {
    expect(keys(['podcast', 'tv', 'cable', 'satellite'])).toEqual([
      'all:all:fetch_drilldowns',
      'tv:tv:fetch_drilldowns',
      'cable:cable:fetch_drilldowns',
      'podcast:podcast:fetch_stream_drilldowns',
    ]);
  });

  test('cable tabs carry network and cable zone but no station', () => {
    const cable = tabGroups(['tv', 'cable'], 'all').find((g) => g.key === 'cable');

    expect(cable?.dimensions).toContain('network');
    expect(cable?.dimensions).toContain('cable_zone');
    expect(cable?.dimensions).not.toContain('station');
  });

  test('a report filtered to one type shows only that type', () => {
    expect(keys(['tv', 'streaming'], 'streaming')).toEqual([
      'streaming:streaming:fetch_stream_drilldowns',
    ]);
  });

  test('a report without known types still has a group; unknown group keys fall back to the first', () => {
    const groups = tabGroups([], 'all');

    expect(groups).toHaveLength(1);
    expect(pickGroup(groups, 'nope').key).toBe('broadcast');
    expect(knownTypes(['podcast', 'x', 'tv'])).toEqual(['tv', 'podcast']);
  });
});
