import type { ClientRecord } from '../../../layers/shared/companies/companies';
import { ValidationError } from '../../../layers/shared/errors';
import type { AttributionMethod } from '../../attribution/core/types';
import { reportRange, utcDate } from './dates';
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
}

/**
 * Resolves and validates report parameters.
 * Steps: 1. dates default to the client's first..last airing (UTC days); 2. window 1..60 whole
 * minutes; 3. the method is one of METHODS; 4. date_start <= date_end.
 * @throws ValidationError naming the field (date_start, date_end, window, attribution_method),
 *   or client_uid when a default range is needed and the client has no airings.
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
  return { date_start, date_end, window, attribution_method: method as AttributionMethod };
}
