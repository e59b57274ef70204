import { describe, expect, test } from 'vitest';
import { bestRow, TOP_MIN_ADS, topPerformers } from '#shared/report/top-performers';
import { broadcastRow as row } from '../../../support/broadcast-row';

describe('top performers (best by VPA among rows with enough airings)', () => {
  test('a row with too few airings cannot win, however high its VPA', () => {
    const best = bestRow('station', [
      row('LUCKY', TOP_MIN_ADS - 1, 400),
      row('STEADY', 20, 100),
      row('SLOW', 20, 40),
    ]);

    expect(best?.row.label).toBe('STEADY');
    expect(best?.directional).toBe(false);
    expect(best?.competitors).toBe(2);
  });

  test('solid rows beat directional ones; only directional rows left -> the pick says so', () => {
    const mixed = bestRow('daypart', [
      row('Thin', 10, 90, { directional: true }),
      row('Solid', 10, 30),
      row('Other', 10, 20),
    ]);
    const thin = bestRow('daypart', [
      row('A', 10, 50, { directional: true }),
      row('B', 10, 20, { directional: true }),
    ]);

    expect(mixed?.row.label).toBe('Solid');
    expect(thin).toMatchObject({ directional: true, row: { label: 'A' } });
  });

  test('the VPA interval comes from the visits interval over the airings', () => {
    const best = bestRow('station', [
      row('A', 10, 50, { ci_low: 20, ci_high: 80 }),
      row('B', 10, 10),
    ]);

    expect(best?.interval).toEqual({ low: 2, high: 8 });
  });

  test('a table with one qualifying row has no "best"; summaries keep their order', () => {
    const tops = topPerformers({
      creative: [row('Only', 30, 10)],
      program: [row('News', 10, 30), row('Movie', 10, 10)],
      station: [row('S1', 10, 5), row('S2', 10, 15)],
    });

    expect(tops.map((t) => `${t.title}: ${t.row.label}`)).toEqual([
      'Best station: S2',
      'Best program: News',
    ]);
  });
});
