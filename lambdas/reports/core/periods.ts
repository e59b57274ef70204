import type { Airing } from '../../attribution/core/types';
import { COMPARE_FIELDS, reportRange } from './dates';
import type { ReportParams } from './ports';

/** A half-open range of epoch seconds UTC, [fromUtc, toUtc). */
export interface EpochRange {
  fromUtc: number;
  toUtc: number;
}

/**
 * The comparison period's range; null when the params have none (runs queued before
 * comparison periods existed).
 * @throws ValidationError naming compare_date_start or compare_date_end when malformed.
 */
export function compareRange(params: ReportParams): EpochRange | null {
  if (!params.compare_date_start || !params.compare_date_end) return null;
  return reportRange(params.compare_date_start, params.compare_date_end, COMPARE_FIELDS);
}

/** The airings starting in the range, in their order. */
export function airingsIn(airings: readonly Airing[], range: EpochRange): Airing[] {
  return airings.filter((a) => a.startUtc >= range.fromUtc && a.startUtc < range.toUtc);
}

/**
 * The airings of two periods as one list ordered by start (stable), each airing once when the
 * periods overlap (same id and start). The engine takes this list for both runs: every airing
 * masks the baseline, and only the run's range is attributed.
 */
export function mergeAirings(a: readonly Airing[], b: readonly Airing[]): Airing[] {
  const seen = new Set(a.map((x) => `${x.id}@${x.startUtc}`));
  const out = [...a, ...b.filter((x) => !seen.has(`${x.id}@${x.startUtc}`))];
  return out.sort((p, q) => p.startUtc - q.startUtc);
}
