import { describe, expect, test } from 'vitest';
import { visibleRows, vpaInterval } from '#shared/report/table-rows';
import { broadcastRow as row } from '../../../support/broadcast-row';

describe('rows a table shows', () => {
  test('radio program names of 1 character or fewer are dropped; TV ones and other tabs keep them', () => {
    const rows = [
      row('X', 5, 5, { type: 'radio' }),
      row(' ', 5, 5, { type: 'radio' }),
      row('AM Talk', 5, 5, { type: 'radio' }),
      row('Y', 5, 5, { type: 'tv' }),
    ];

    expect(visibleRows('program', rows).map((r) => r.label)).toEqual(['AM Talk', 'Y']);
    expect(visibleRows('station', rows)).toHaveLength(4);
  });

  test('has_spots hides rows without airings; off shows them', () => {
    const rows = [row('Mon', 4, 5), row('Tue', 0, 0)];

    expect(visibleRows('day_of_week', rows).map((r) => r.label)).toEqual(['Mon']);
    expect(visibleRows('day_of_week', rows, false)).toHaveLength(2);
  });

  test('the VPA interval divides the visits interval by the airings', () => {
    expect(vpaInterval(row('A', 4, 8, { ci_low: 2, ci_high: 14 }))).toEqual({
      low: 0.5,
      high: 3.5,
    });
    expect(vpaInterval(row('B', 0, 0))).toBeNull();
  });
});
