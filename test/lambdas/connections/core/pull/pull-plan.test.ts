import { describe, expect, test } from 'vitest';
import {
  backfillWindow,
  doneAfter,
  MAX_DAYS_PER_RUN,
  morePending,
  planPull,
  progressOf,
} from '../../../../../lambdas/connections/core/pull/pull-plan';

const fresh = { from: '', to: '', done_through: null };

describe('the backfill plan', () => {
  test('a first pull reads 14 months back to today, oldest first, a run at a time', () => {
    const plan = planPull(fresh, '2016-11-15');

    expect(plan.mode).toBe('backfill');
    expect(plan.window).toEqual({ from: '2015-09-15', to: '2016-11-15' });
    expect(plan.days).toHaveLength(MAX_DAYS_PER_RUN);
    expect(plan.days[0]).toBe('2015-09-15');
    expect(plan.days[1]).toBe('2015-09-16');
  });

  test('a pull that stopped resumes the day after done_through, in the window it started', () => {
    const stored = { from: '2015-09-15', to: '2016-11-15', done_through: '2016-10-31' };

    const plan = planPull(stored, '2016-11-20');

    expect(plan.mode).toBe('backfill');
    expect(plan.window).toEqual({ from: '2015-09-15', to: '2016-11-15' });
    expect(plan.days).toEqual([
      '2016-11-01',
      '2016-11-02',
      '2016-11-03',
      '2016-11-04',
      '2016-11-05',
      '2016-11-06',
      '2016-11-07',
      '2016-11-08',
      '2016-11-09',
      '2016-11-10',
      '2016-11-11',
      '2016-11-12',
      '2016-11-13',
      '2016-11-14',
      '2016-11-15',
    ]);
  });

  test('after the backfill each hourly run reads from the last day done and the 3 days before today', () => {
    const done = { from: '2015-09-15', to: '2016-11-15', done_through: '2016-11-15' };

    const sameDay = planPull(done, '2016-11-15');
    const nextDay = planPull({ ...done, done_through: '2016-11-20' }, '2016-11-21');

    expect(sameDay).toMatchObject({
      mode: 'recent',
      days: ['2016-11-12', '2016-11-13', '2016-11-14', '2016-11-15'],
    });
    expect(nextDay.days).toEqual(['2016-11-18', '2016-11-19', '2016-11-20', '2016-11-21']);
  });

  test('a property left behind for weeks catches up from done_through, a run at a time', () => {
    const done = { from: '2015-09-15', to: '2016-01-15', done_through: '2016-01-15' };

    const plan = planPull(done, '2016-11-15');

    expect(plan.mode).toBe('recent');
    expect(plan.days[0]).toBe('2016-01-15');
    expect(plan.days).toHaveLength(MAX_DAYS_PER_RUN);
    expect(morePending(plan, plan.days.at(-1)!, '2016-11-15')).toBe(true);
  });
});

describe('backfill progress', () => {
  const window = backfillWindow('2016-11-15');

  test.each([
    [null, 0],
    ['2015-09-14', 0],
    ['2015-09-15', 0],
    ['2016-04-15', 50],
    ['2016-11-14', 99],
    ['2016-11-15', 100],
  ])('done through %s is %i %%', (doneThrough, percent) => {
    expect(progressOf(window, doneThrough)).toBe(percent);
  });
});

describe('done_through after a run', () => {
  const plan = planPull({ from: '2016-01-01', to: '2016-01-31', done_through: null }, '2016-01-31');

  test('moves to the last day of the unbroken run of pulled days', () => {
    expect(doneAfter(plan, null, [true, true, false, true])).toBe('2016-01-02');
  });

  test('stays where it was when the first day failed (a 429), so the next run starts there', () => {
    expect(doneAfter(plan, null, [false, true, true])).toBeNull();
    expect(
      doneAfter(
        planPull(
          { from: '2016-01-01', to: '2016-01-31', done_through: '2016-01-10' },
          '2016-01-31',
        ),
        '2016-01-10',
        [false],
      ),
    ).toBe('2016-01-10');
  });

  test('the backfill is finished once done_through reaches its last day', () => {
    expect(morePending(plan, '2016-01-30', '2016-01-31')).toBe(true);
    expect(morePending(plan, '2016-01-31', '2016-01-31')).toBe(false);
  });
});
