import { describe, expect, test } from 'vitest';
import {
  backfillWindow,
  MAX_DAYS_PER_RUN,
  marksAfter,
  morePending,
  planPull,
  progressOf,
} from '../../../../../lambdas/connections/core/pull/pull-plan';

const fresh = { from: '', to: '', done_through: null };

describe('the backfill plan', () => {
  test('a first pull covers 14 months back to today, newest first, a run at a time', () => {
    const plan = planPull(fresh, '2016-11-15');

    expect(plan.mode).toBe('backfill');
    expect(plan.window).toEqual({ from: '2015-09-15', to: '2016-11-15' });
    expect(plan.days).toHaveLength(MAX_DAYS_PER_RUN);
    expect(plan.days.slice(0, 2)).toEqual(['2016-11-15', '2016-11-14']);
    expect(plan.days.at(-1)).toBe('2016-09-15');
  });

  test('a pull that stopped resumes the day before done_through, in the window it started, down to its first day', () => {
    const stored = { from: '2015-09-15', to: '2016-11-15', done_through: '2015-10-01' };

    const plan = planPull(stored, '2016-11-20');

    expect(plan.mode).toBe('backfill');
    expect(plan.window).toEqual({ from: '2015-09-15', to: '2016-11-15' });
    expect(plan.days).toEqual([
      '2015-09-30',
      '2015-09-29',
      '2015-09-28',
      '2015-09-27',
      '2015-09-26',
      '2015-09-25',
      '2015-09-24',
      '2015-09-23',
      '2015-09-22',
      '2015-09-21',
      '2015-09-20',
      '2015-09-19',
      '2015-09-18',
      '2015-09-17',
      '2015-09-16',
      '2015-09-15',
    ]);
  });

  test('after the backfill each hourly run reads from the last day in and the 3 days before today', () => {
    const done = { from: '2015-09-15', to: '2016-11-15', done_through: '2015-09-15' };

    const sameDay = planPull(done, '2016-11-15');
    const nextDay = planPull({ ...done, to: '2016-11-20' }, '2016-11-21');

    expect(sameDay).toMatchObject({
      mode: 'recent',
      days: ['2016-11-12', '2016-11-13', '2016-11-14', '2016-11-15'],
    });
    expect(nextDay.days).toEqual(['2016-11-18', '2016-11-19', '2016-11-20', '2016-11-21']);
  });

  test('a property left behind for months catches up from the last day in, a run at a time', () => {
    const done = { from: '2015-01-15', to: '2016-01-15', done_through: '2015-01-15' };

    const plan = planPull(done, '2016-11-15');
    const marks = marksAfter(
      plan,
      done,
      plan.days.map(() => true),
    );

    expect(plan.mode).toBe('recent');
    expect(plan.days[0]).toBe('2016-01-15');
    expect(plan.days).toHaveLength(MAX_DAYS_PER_RUN);
    expect(marks.to).toBe(plan.days.at(-1));
    expect(morePending(marks, '2016-11-15')).toBe(true);
  });
});

describe('backfill progress', () => {
  const window = backfillWindow('2016-11-15');

  test.each([
    [null, 0],
    ['2016-11-15', 0],
    ['2016-04-15', 50],
    ['2015-09-16', 99],
    ['2015-09-15', 100],
  ])('done back to %s is %i percent', (doneThrough, percent) => {
    expect(progressOf(window, doneThrough)).toBe(percent);
  });
});

describe('the marks after a run', () => {
  const pull = { from: '2016-01-01', to: '2016-01-31', done_through: null };
  const plan = planPull(pull, '2016-01-31');

  test('done_through moves back to the last day of the unbroken run of pulled days', () => {
    expect(marksAfter(plan, pull, [true, true, false, true]).done_through).toBe('2016-01-30');
  });

  test('stay where they were when the first day failed (a 429), so the next run starts there', () => {
    const resumed = { ...pull, done_through: '2016-01-10' };

    expect(marksAfter(plan, pull, [false, true, true]).done_through).toBeNull();
    expect(marksAfter(planPull(resumed, '2016-01-31'), resumed, [false]).done_through).toBe(
      '2016-01-10',
    );
  });

  test('the backfill is finished once done_through reaches its first day, then `to` follows today', () => {
    const done = { ...pull, done_through: '2016-01-01' };
    const recent = planPull(done, '2016-02-03');

    expect(morePending({ ...pull, done_through: '2016-01-02' }, '2016-01-31')).toBe(true);
    expect(morePending(done, '2016-01-31')).toBe(false);
    expect(morePending(done, '2016-02-03')).toBe(true);
    expect(marksAfter(recent, done, [true, true, true, false, true])).toEqual({
      from: '2016-01-01',
      to: '2016-02-02',
      done_through: '2016-01-01',
    });
  });
});
