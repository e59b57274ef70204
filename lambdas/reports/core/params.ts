import type { ClientRecord } from '#shared/companies/companies';
import { ValidationError } from '#shared/errors';
import type { AttributionMethod } from '../../attribution/core/types';
import { COMPARE_FIELDS, defaultCompareDates, reportRange, utcDate } from './dates';
import type { ReportParams } from './ports';

/** Report defaults (spec §9: 8-minute window; spec §3 Filters: user sessions otherwise). */
export const DEFAULT_WINDOW_MINUTES = 8;
export const DEFAULT_METHOD: AttributionMethod = 'sessions';
export const METHODS: readonly AttributionMethod[] = ['sessions', 'pageviews', 'newuserbaseline'];

/** What a caller may send; missing values take the defaults. */
export interface ReportParamsInput {
  date_start?: string;
  date_end?: string;
  window?: number;
  attribution_method?: string;
  /** Inclusive comparison dates YYYY-MM-DD, both or neither. */
  compare_date_start?: string;
  compare_date_end?: string;
}

/**
 * Resolves and validates report parameters.
 * Steps: 1. dates default to the client's first..last airing (UTC days); 2. window 1..60 whole
 * minutes; 3. the method is one of METHODS; 4. date_start <= date_end; 5. the comparison period
 * is the one given (both dates, start <= end) or the period of equal length just before
 * date_start.
 * @throws ValidationError naming the field (date_start, date_end, window, attribution_method,
 *   compare_date_start, compare_date_end), or client_uid when a default range is needed and the
 *   client has no airings.
 */
export function resolveReportParams(client: ClientRecord, input: ReportParamsInput): ReportParams {
  const window = input.window ?? DEFAULT_WINDOW_MINUTES;
  if (!Number.isInteger(window) || window < 1 || window > 60) {
    throw new ValidationError('window must be a whole number of minutes from 1 to 60.', 'window');
  }
  const method = input.attribution_method ?? DEFAULT_METHOD;
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new ValidationError(
      `attribution_method must be one of ${METHODS.join(', ')}.`,
      'attribution_method',
    );
  }
  const needsDefault = !input.date_start || !input.date_end;
  if (needsDefault && (!client.first_airing_utc || !client.last_airing_utc)) {
    throw new ValidationError(
      'This client has no airings yet: import a post-log before running a report.',
      'client_uid',
    );
  }
  const date_start = input.date_start || utcDate(client.first_airing_utc as string);
  const date_end = input.date_end || utcDate(client.last_airing_utc as string);
  reportRange(date_start, date_end);
  return {
    date_start,
    date_end,
    window,
    attribution_method: method as AttributionMethod,
    ...resolveCompareDates(date_start, date_end, input),
  };
}

/**
 * The comparison dates of a report: both given (validated like the report dates), or neither
 * (the period of equal length just before date_start).
 * @throws ValidationError naming compare_date_start or compare_date_end.
 */
function resolveCompareDates(
  date_start: string,
  date_end: string,
  input: ReportParamsInput,
): { compare_date_start: string; compare_date_end: string } {
  const start = input.compare_date_start || undefined;
  const end = input.compare_date_end || undefined;
  if (!start && !end) return defaultCompareDates(date_start, date_end);
  if (!start || !end) {
    const [missing, given] = start ? [COMPARE_FIELDS[1], COMPARE_FIELDS[0]] : COMPARE_FIELDS;
    throw new ValidationError(`${missing} is required with ${given}.`, missing);
  }
  reportRange(start, end, COMPARE_FIELDS);
  return { compare_date_start: start, compare_date_end: end };
}
