import { type CallRecord, callStatusText } from '#shared/contracts/call-record';
import type { ActivityEntry, CrmHandoff } from './ports';

/**
 * What the sales CRM receives for an ended call (spec §1 "end the call so that it is sent to an
 * external sales CRM"). `record` is the record as the call ends; `handoff_id` is the end_call
 * activity id, so a repeated hand-off of the same call is recognisable. No card data: the
 * record holds none.
 */
export function buildHandoff(record: CallRecord, entry: ActivityEntry): CrmHandoff {
  return {
    handoff_id: entry.activity_id,
    record_id: record.id,
    advertiser: record.name,
    industry: record.industry,
    status_text: callStatusText(record),
    outcome: {
      signed_up: record.status_code === 'signup',
      signup_price_cents: record.signup_price_cents,
      followup: record.followup_info,
      not_interested: record.not_interested,
      do_not_call: record.do_not_call,
    },
    advertiser_info: record.advertiser_info,
    website_info: record.website_info,
    agency_info: record.agency_info,
    signup_info: record.signup_info,
    notes: record.notes,
    agent: { sub: entry.agent_sub, email: entry.agent_email },
    ended_at: entry.at,
  };
}
