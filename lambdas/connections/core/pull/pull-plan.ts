import {
  BACKFILL_MONTHS,
  type PullProgress,
  REPULL_DAYS,
} from '../../../../layers/shared/contracts/connections.schema';
import { addDays, dayRange, daysBetween, subMonths } from './days';

/**
 * Which GA4 days a pull of one property reads (spec: first connection backfills up to
 * BACKFILL_MONTHS months; then every hour re-reads the last REPULL_DAYS days, which GA4 still
 * revises). Days are the property's report dates (GA4's `date`, in the property's time zone).
 * The backfill runs oldest first so `done_through` is a high-water mark: everything up to it is
 * in the lake, and a pull that stops anywhere resumes the day after.
 */

/** Days one pull message reads at most (the next message carries on). */
export const MAX_DAYS_PER_RUN = 62;

/** First and last day of a backfill, both included. */
export interface PullWindow {
  from: string;
  to: string;
}

/** What one run pulls. */
export interface PullPlan {
  /** backfill: the first pull's window is not all in yet; recent: the hourly re-pull. */
  mode: 'backfill' | 'recent';
  window: PullWindow;
  /** Days to read now, oldest first (at most MAX_DAYS_PER_RUN). */
  days: string[];
}

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

/** True once every day of the window is in (done_through at or past its last day). */
export function backfillDone(window: PullWindow, doneThrough: string | null): boolean {
  return doneThrough !== null && doneThrough >= window.to;
}

/**
 * The next run's days. Backfill: from the day after `done_through` (or the window's first day),
 * oldest first. Recent: from `done_through` (it may have been a partial day) or REPULL_DAYS
 * before today, whichever is earlier, through today. Either way at most `maxDays`.
 */
export function planPull(
  pull: Pick<PullProgress, 'from' | 'to' | 'done_through'>,
  today: string,
  maxDays = MAX_DAYS_PER_RUN,
): PullPlan {
  const window = windowOf(pull, today);
  const done = pull.done_through;
  if (!backfillDone(window, done)) {
    const start = done && done >= window.from ? addDays(done, 1) : window.from;
    const end = minDay(window.to, addDays(start, maxDays - 1));
    return { mode: 'backfill', window, days: dayRange(start, end) };
  }
  const start = minDay(done ?? today, addDays(today, -REPULL_DAYS));
  const end = minDay(today, addDays(start, maxDays - 1));
  return { mode: 'recent', window, days: dayRange(start, end) };
}

/**
 * Share of the backfill window pulled, 0-100 (days done / days total), floored so it reads 100
 * only when the backfill is complete.
 */
export function progressOf(window: PullWindow, doneThrough: string | null): number {
  if (backfillDone(window, doneThrough)) return 100;
  if (doneThrough === null || doneThrough < window.from) return 0;
  const total = daysBetween(window.from, window.to) + 1;
  const done = daysBetween(window.from, doneThrough) + 1;
  return Math.min(99, Math.floor((100 * done) / total));
}

/**
 * `done_through` after a run: the last day of the unbroken run of pulled days from the plan's
 * first day (a day that failed stops it, so the next run starts there), never moving back.
 * @param pulled whether each planned day (same order as plan.days) is staged.
 */
export function doneAfter(
  plan: PullPlan,
  previous: string | null,
  pulled: readonly boolean[],
): string | null {
  let done = previous;
  for (let i = 0; i < plan.days.length && pulled[i]; i++) {
    const day = plan.days[i]!;
    if (done === null || day > done) done = day;
  }
  return done;
}

/** True when days are left to pull right away (the backfill, or a recent run capped by maxDays). */
export function morePending(plan: PullPlan, doneThrough: string | null, today: string): boolean {
  if (!backfillDone(plan.window, doneThrough)) return true;
  return plan.mode === 'recent' && (doneThrough === null || doneThrough < today);
}

const minDay = (a: string, b: string) => (a < b ? a : b);
