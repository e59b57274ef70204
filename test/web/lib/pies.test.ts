import { describe, expect, test } from 'vitest';
import { PIE_MAX_SLICES, PIE_RANGES, pieSlices } from '../../../web/src/lib/pies';
import { broadcastRow as row } from '../../support/broadcast-row';

describe('pie data per range', () => {
  test('the spec ranges map onto the calendar tables', () => {
    expect(PIE_RANGES.map((r) => `${r.range}:${r.dimension}`)).toEqual([
      'daypart:daypart',
      'week:day_of_week',
      'month:day_of_month',
      'week_num:week_number',
      'year:month_of_year',
    ]);
  });

  test('slices are shares of visits; negative estimates take no room', () => {
    const slices = pieSlices('daypart', [row('AM', 5, 30), row('PM', 5, 10), row('Night', 5, -4)]);

    expect(slices.map((s) => [s.label, s.share])).toEqual([
      ['AM', 0.75],
      ['PM', 0.25],
    ]);
  });

  test(`more than ${PIE_MAX_SLICES} rows keep the biggest and merge the rest into Other`, () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(`D${i + 1}`, 3, i + 1));

    const slices = pieSlices('day_of_month', rows);

    expect(slices).toHaveLength(PIE_MAX_SLICES);
    expect(slices.at(-1)).toMatchObject({ label: 'Other', visits: 1 + 2 + 3 + 4 });
    expect(slices.reduce((a, s) => a + s.share, 0)).toBeCloseTo(1);
  });

  test('nothing above zero gives no pie', () => {
    expect(pieSlices('daypart', [row('AM', 5, -1), row('PM', 5, 0)])).toEqual([]);
  });
});
