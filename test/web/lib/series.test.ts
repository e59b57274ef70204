import { describe, expect, test } from 'vitest';
import { chartPoints } from '#shared/report/series';
import { parseChartMetric, seriesTotals } from '../../../web/src/lib/series';

describe('the summary chart', () => {
  test('its text summary totals visits, baseline and airings over the points', () => {
    const points = chartPoints(
      {
        bucket: 'hour',
        points: [
          { t: '2024-03-04T15:00:00.000Z', visits: 8, baseline: 10, airings: 0 },
          { t: '2024-03-04T14:00:00.000Z', visits: 30, baseline: 20, airings: 2 },
        ],
      },
      'UTC',
    );

    expect(seriesTotals(points)).toEqual({ visits: 38, baseline: 30, airings: 2 });
  });

  test('an unknown metric reads as visits', () => {
    expect(parseChartMetric('lift')).toBe('lift');
    expect(parseChartMetric('revenue')).toBe('visits');
  });
});
