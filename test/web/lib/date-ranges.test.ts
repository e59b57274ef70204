import { describe, expect, test } from 'vitest';
import { previousPeriod, rangeProblems } from '../../../web/src/lib/date-ranges';

describe('comparison ranges', () => {
  test.each([
    [
      { from: '2024-03-08', to: '2024-03-14' },
      { from: '2024-03-01', to: '2024-03-07' },
    ],
    [
      { from: '2024-03-01', to: '2024-03-01' },
      { from: '2024-02-29', to: '2024-02-29' },
    ],
    [
      { from: '2024-03-04', to: '2024-04-07' },
      { from: '2024-01-29', to: '2024-03-03' },
    ],
  ])('the previous period of %j is %j', (range, previous) => {
    expect(previousPeriod(range)).toEqual(previous);
  });

  test('an invalid range has no previous period', () => {
    expect(previousPeriod({ from: '2024-03-10', to: '2024-03-01' })).toBeNull();
    expect(previousPeriod({ from: '', to: '' })).toBeNull();
  });
});

describe('range validation', () => {
  const dates = { from: '2024-03-01', to: '2024-03-31' };

  test('valid ranges, and no range at all (every airing), have no problems', () => {
    expect(rangeProblems(dates, null)).toEqual({});
    expect(rangeProblems(dates, { from: '2024-02-01', to: '2024-02-29' })).toEqual({});
    expect(rangeProblems({ from: '', to: '' }, null)).toEqual({});
  });

  test.each([
    [{ from: '2024-03-31', to: '2024-03-01' }, null, 'dates', /start date must not be after/],
    [{ from: '2024-03-01', to: '' }, null, 'dates', /enter a start and an end/],
    [dates, { from: '2024-03-15', to: '2024-04-15' }, 'compare', /must not overlap/],
    [dates, { from: '2024-02-10', to: '2024-02-01' }, 'compare', /start date must not be after/],
    [dates, { from: '', to: '2024-02-01' }, 'compare', /enter a start and an end/],
  ] as const)('%j vs %j: %s problem', (d, c, field, message) => {
    expect(rangeProblems(d, c)[field]).toMatch(message);
  });
});
