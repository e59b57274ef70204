import { describe, expect, test } from 'vitest';
import { creativesCell, numericColumns } from '../../../web/src/report/columns';
import { broadcastRow as row } from '../../support/broadcast-row';

const labels = (...args: Parameters<typeof numericColumns>) =>
  numericColumns(...args).map((c) => c.label);

describe('broadcast table columns', () => {
  test('the spec columns, ROI where rows have cost, shares when volume_share > 0', () => {
    expect(labels([row('A', 10, 30, { volume_share: 0.5 })])).toEqual([
      'Ads',
      'Visits',
      'VPA',
      'Traffic Contribution',
      'Cost per Visit',
      'ROI (visits per $)',
      'Share of Ads',
      'Share of Visits',
      'Share of VPA',
    ]);
  });

  test('no cost, no ROI column; settings can turn ROI off or hide columns', () => {
    const noCost = row('A', 10, 30, { cost_cents: null, roi_raw: null });

    expect(labels([noCost])).not.toContain('ROI (visits per $)');
    expect(labels([row('A', 10, 30)], { showRoi: false })).not.toContain('ROI (visits per $)');
    expect(labels([row('A', 10, 30)], { hidden: ['ads', 'contribution'] })).toEqual([
      'Visits',
      'VPA',
      'Cost per Visit',
      'ROI (visits per $)',
    ]);
  });

  test.each([
    ['vpa', ['VPA']],
    ['contribution', ['Traffic Contribution']],
    ['both', ['VPA', 'Traffic Contribution']],
  ] as const)('mode %s shows %j as response columns', (mode, shown) => {
    const response = ['VPA', 'Traffic Contribution', 'Share of VPA'];
    const all = labels([row('A', 10, 30)], { mode });

    expect(all.filter((l) => response.includes(l))).toEqual(shown);
  });

  test('VPD shows on podcast rows only; streaming rows get visits per 1k impressions', () => {
    const podcast = row('Pod', 10, 20, { type: 'podcast', visits_per_impression: 0.0031 });
    const tv = row('WAAA', 10, 20);
    const vpd = numericColumns([podcast, tv]).find((c) => c.label === 'VPD');

    // A VPD is a few thousandths: 4 decimals so it does not read 0.00.
    expect(vpd?.format(podcast).text).toBe('0.0031');
    expect(vpd?.format(podcast).title).toBe('0.0031');
    expect(vpd?.format(tv).text).toBe('—');
    expect(labels([tv])).not.toContain('VPD');

    const stream = row('CTV', 10, 20, { type: 'streaming', visits_per_impression: 1.25 });
    expect(labels([stream])).toContain('Visits per 1k impr.');
    expect(labels([stream, podcast])).toContain('VPD / visits per 1k');
  });

  test('VPA shows 2 decimals with its 95% interval on hover', () => {
    const vpa = numericColumns([row('A', 4, 10)]).find((c) => c.key === 'visitsper');

    expect(vpa?.format(row('A', 4, 10, { ci_low: 2, ci_high: 18 }))).toEqual({
      text: '2.50',
      title: '2.5000. 95% interval 0.50 to 4.50',
    });
  });

  test('the creatives breakdown names the top two by airings, counts the rest, lists all on hover', () => {
    const cell = creativesCell(
      row('S', 10, 10, {
        creatives: [
          { creative: 'B', ads: 2, traffic: 1 },
          { creative: 'A', ads: 5, traffic: 4 },
          { creative: 'C', ads: 3, traffic: -1 },
        ],
      }),
    );

    expect(cell.text).toBe('A (5), C (3) +1 more');
    expect(cell.title).toBe(
      'A: 5 airings, 4.0 visits\nC: 3 airings, 0.0 visits\nB: 2 airings, 1.0 visits',
    );
    expect(labels([row('S', 1, 1)])).not.toContain('Creatives');
  });
});
