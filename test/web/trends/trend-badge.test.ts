import { describe, expect, test } from 'vitest';
import { formatChange, trendBadge } from '../../../web/src/trends/trend-badge';
import { searchFromSettings, settingsFromSearch } from '../../../web/src/trends/trends-settings';

describe('trendBadge', () => {
  test.each([
    [4.26, 'up', '+4.3%'],
    [0, 'up', '+0.0%'],
    [-0.04, 'up', '+0.0%'],
    [-2, 'down', '−2.0%'],
    [null, 'none', 'unchanged'],
  ] as const)('%s -> %s %s', (percent, tone, text) => {
    expect(trendBadge(percent)).toEqual({ tone, text });
  });
});

describe('formatChange', () => {
  test('signs a week’s change and shows an en dash when there is none', () => {
    expect([formatChange(12.345), formatChange(-3), formatChange(null)]).toEqual([
      '+12.3%',
      '−3.0%',
      '–',
    ]);
  });
});

describe('trends settings in the URL', () => {
  test('reads weeks, markets and industries and writes back only what differs from defaults', () => {
    const settings = settingsFromSearch(new URLSearchParams('weeks=5&dmas=501,803&industries=12'));

    expect(settings).toEqual({ week_count: 5, dma_codes: ['501', '803'], industries: ['12'] });
    expect(searchFromSettings(settings)).toEqual({ weeks: '5', dmas: '501,803', industries: '12' });
    expect(searchFromSettings({ week_count: 3, dma_codes: [], industries: [] })).toEqual({});
  });

  test.each([
    ['weeks=13', 3],
    ['weeks=0', 3],
    ['weeks=abc', 3],
    ['', 3],
    ['weeks=12', 12],
  ])('a hand-edited %j opens with %i weeks', (query, weeks) => {
    expect(settingsFromSearch(new URLSearchParams(query)).week_count).toBe(weeks);
  });

  test('a malformed market code falls back to every market', () => {
    expect(settingsFromSearch(new URLSearchParams('dmas=50x')).dma_codes).toEqual([]);
  });
});
