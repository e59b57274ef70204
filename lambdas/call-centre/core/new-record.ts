import {
  advertiserInfoSchema,
  agencyInfoSchema,
  signupInfoSchema,
  websiteInfoSchema,
} from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import type { CallFacts } from './ports';

/** The monitored-log attributes of a record: what a list refresh replaces (CallFacts keys). */
export const FACT_KEYS = [
  'uid',
  'name',
  'industry',
  'industry_id',
  'size',
  'program_list',
  'markets',
  'stations',
  'days_since_first_spot',
  'days_since_campaign',
  'always_on_air',
  'competitor_list',
  'industry_summary',
  'airings',
  'spend',
  'as_of',
] as const satisfies ReadonlyArray<keyof CallFacts>;

/**
 * A fresh call record for an advertiser first seen by a list refresh: status `new`, empty
 * sections, no notes, flags false, no followup, no calls. `updated_at` is `now` (ISO-8601 UTC).
 */
export function newCallRecord(facts: CallFacts, now: Date): CallRecord {
  return {
    ...facts,
    status: 'new',
    status_code: '',
    notes: '',
    not_interested: false,
    do_not_call: false,
    advertiser_info: { ...advertiserInfoSchema.parse({}), more_info_sent: false },
    signup_info: signupInfoSchema.parse({}),
    website_info: { ...websiteInfoSchema.parse({}), web_connection_info_sent: false },
    agency_info: { ...agencyInfoSchema.parse({}), agency_connection_info_sent: false },
    followup_info: null,
    signup_price_cents: null,
    calls: 0,
    last_call_at: null,
    updated_at: now.toISOString(),
  };
}

/** An ISO time strictly after `previous` (`at` when later), so every write changes the version. */
export function nextVersion(at: string, previous: string): string {
  if (at > previous) return at;
  const ms = Date.parse(previous);
  return Number.isFinite(ms) ? new Date(ms + 1).toISOString() : at;
}

/** `record` with its facts replaced by `facts`; everything agents entered is kept. */
export function withFacts(record: CallRecord, facts: CallFacts, now: Date): CallRecord {
  const next: CallRecord = {
    ...record,
    updated_at: nextVersion(now.toISOString(), record.updated_at),
  };
  for (const key of FACT_KEYS) Object.assign(next, { [key]: facts[key] });
  return next;
}
