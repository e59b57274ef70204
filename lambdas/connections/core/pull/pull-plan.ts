import {
  BACKFILL_MONTHS,
  type PullProgress,
  REPULL_DAYS,
} from '#shared/contracts/connections.schema';
import { addDays, dayRange, daysBetween, subMonths } from './days';

/**
 * Which GA4 days a pull of one property reads (spec: first connection backfills up to
 * BACKFILL_MONTHS months; then every hour re-reads the last REPULL_DAYS days, which GA4 still
 * revises). Days are the property's report dates (GA4's `date`, in the property's time zone).
 *
 * The backfill reads newest first, so the weeks reports are usually run on are in after the
 * first run, and `done_through` is its low-water mark: every day from it to `to` is in, and a
 * pull that stops anywhere resumes the day before it. Once the backfill reaches `from`, `to`
 * becomes the high-water mark of the hourly pull: `from`..`to` is always what is in.
 */

/** Days one pull message reads at most (the next message carries on). */
export const MAX_DAYS_PER_RUN = 62;

/** First and last day of the days pulled (or to pull), both included. */
export interface PullWindow {
  from: string;
  to: string;
}

/** What one run pulls. */
export interface PullPlan {
  /** backfill: the first pull is not all in yet; recent: the hourly re-pull. */
  mode: 'backfill' | 'recent';
  window: PullWindow;
  /** Days to read now, in the order they count (backfill newest first, recent oldest first). */
  days: string[];
}

/** The pull fields the plan reads and moves. */
export type PullMarks = Pick<PullProgress, 'from' | 'to' | 'done_through'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The backfill window of a property whose report day today is `today`: BACKFILL_MONTHS months back to today. */
export function backfillWindow(today: string): PullWindow {
  return { from: subMonths(today, BACKFILL_MONTHS), to: today };
}

/** The stored window when it is one (set by the first run), else a new one ending `today`. */
export function windowOf(pull: Pick<PullProgress, 'from' | 'to'>, today: string): PullWindow {
  if (DAY.test(pull.from) && DAY.test(pull.to) && pull.from <= pull.to) {
    return { from: pull.from, to: pull.to };
  }
  return backfillWindow(today);
}

/** True once the backfill has reached the window's first day. */
export function backfillDone(window: PullWindow, doneThrough: string | null): boolean {
  return doneThrough !== null && doneThrough <= window.from;
}

/**
 * The next run's days. Backfill: from the day before `done_through` (or the window's last day)
 * back, newest first. Recent: from `to` (it may have been a partial day) or REPULL_DAYS before
 * today, whichever is earlier, through today. Either way at most `maxDays`.
 */
export function planPull(pull: PullMarks, today: string, maxDays = MAX_DAYS_PER_RUN): PullPlan {
  const window = windowOf(pull, today);
  const done = pull.done_through;
  if (!backfillDone(window, done)) {
    const start = done && done <= window.to ? addDays(done, -1) : window.to;
    const end = maxDay(window.from, addDays(start, -(maxDays - 1)));
    return { mode: 'backfill', window, days: dayRange(end, start).reverse() };
  }
  const start = minDay(window.to, addDays(today, -REPULL_DAYS));
  const end = minDay(today, addDays(start, maxDays - 1));
  return { mode: 'recent', window, days: dayRange(start, end) };
}

/**
 * The marks after a run: the unbroken run of pulled days from the plan's first day (a day that
 * failed stops it, so the next run starts there) moves `done_through` back (backfill) or `to`
 * on (recent); nothing moves the other way.
 * @param pulled whether each planned day (same order as plan.days) is staged.
 */
export function marksAfter(plan: PullPlan, pull: PullMarks, pulled: readonly boolean[]): PullMarks {
  let reached: string | null = null;
  for (let i = 0; i < plan.days.length && pulled[i]; i++) reached = plan.days[i]!;
  const { from, to } = plan.window;
  if (plan.mode === 'backfill') {
    const prev = pull.done_through;
    const done = reached === null ? prev : prev === null ? reached : minDay(prev, reached);
    return { from, to, done_through: done };
  }
  return { from, to: reached === null ? to : maxDay(to, reached), done_through: pull.done_through };
}

/**
 * Share of the backfill pulled, 0-100 (days done / days total), floored so it reads 100 only
 * when the backfill is complete.
 */
export function progressOf(window: PullWindow, doneThrough: string | null): number {
  if (backfillDone(window, doneThrough)) return 100;
  if (doneThrough === null || doneThrough > window.to) return 0;
  const total = daysBetween(window.from, window.to) + 1;
  const done = daysBetween(doneThrough, window.to) + 1;
  return Math.min(99, Math.floor((100 * done) / total));
}

/** True when days are left to pull right away: the backfill, or a recent run short of today. */
export function morePending(marks: PullMarks, today: string): boolean {
  if (!backfillDone(marks, marks.done_through)) return true;
  return marks.to < today;
}

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);
