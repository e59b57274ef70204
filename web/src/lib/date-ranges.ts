import { addDays, differenceInCalendarDays, format } from 'date-fns';
import { isIsoDate } from './report-url';

/**
 * Date ranges of a report run (the comparison range picker: date inputs, default "previous
 * period"). Dates are inclusive calendar dates YYYY-MM-DD. Pure.
 */

/** An inclusive date range. */
export interface DateRange {
  from: string;
  to: string;
}

/** A calendar date as a Date at local midnight (date-fns calendar arithmetic). */
const day = (iso: string) => new Date(`${iso}T00:00:00`);
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The period of equal length just before `range` (perform_report's default comparison):
 * 03/08–03/14 -> 03/01–03/07. Null for an invalid range.
 */
export function previousPeriod(range: DateRange): DateRange | null {
  if (!isIsoDate(range.from) || !isIsoDate(range.to) || range.from > range.to) return null;
  const days = differenceInCalendarDays(day(range.to), day(range.from)) + 1;
  return {
    from: iso(addDays(day(range.from), -days)),
    to: iso(addDays(day(range.from), -1)),
  };
}

/** Problems of a run's ranges, one message per field group; empty when all is well. */
export interface RangeProblems {
  dates?: string;
  compare?: string;
}

/**
 * Validates the run's date range and optional comparison range: real dates, start not after
 * end (both dates empty = every airing of the client); the comparison must not overlap the report range (a period compared with itself says
 * nothing). `compare` null = previous period (always valid).
 */
export function rangeProblems(dates: DateRange, compare: DateRange | null): RangeProblems {
  const problems: RangeProblems = {};
  if (dates.from === '' && dates.to === '') {
    // No range: the run covers every airing.
  } else if (!isIsoDate(dates.from) || !isIsoDate(dates.to)) {
    problems.dates = 'Date range: enter a start and an end date.';
  } else if (dates.from > dates.to) {
    problems.dates = 'Date range: the start date must not be after the end date.';
  }
  if (compare) {
    if (!isIsoDate(compare.from) || !isIsoDate(compare.to)) {
      problems.compare = 'Comparison: enter a start and an end date.';
    } else if (compare.from > compare.to) {
      problems.compare = 'Comparison: the start date must not be after the end date.';
    } else if (
      !problems.dates &&
      dates.from !== '' &&
      compare.to >= dates.from &&
      compare.from <= dates.to
    ) {
      problems.compare = 'Comparison: the period must not overlap the report period.';
    }
  }
  return problems;
}
