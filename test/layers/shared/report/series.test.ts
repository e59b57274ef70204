import { describe, expect, test } from 'vitest';
import { bucketLabel, chartPoints } from '#shared/report/series';

describe('chart points', () => {
  test('minute and hour buckets show in the display zone', () => {
    expect(bucketLabel('2024-03-04T14:05:00.000Z', 'minute', 'UTC')).toBe('03/04 14:05');
    expect(bucketLabel('2024-03-04T14:00:00.000Z', 'hour', 'America/New_York')).toBe('03/04 09:00');
  });

  test('a day bucket names its date and is never shifted across midnight', () => {
    expect(bucketLabel('2024-03-04T00:00:00.000Z', 'day', 'America/Los_Angeles')).toBe(
      '03/04/2024',
    );
  });

  test('points come in time order with visits above baseline floored at 0', () => {
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

    expect(points.map((p) => [p.label, p.above])).toEqual([
      ['03/04 14:00', 10],
      ['03/04 15:00', 0],
    ]);
  });
});
