import {
  CALL_MESSAGES,
  type CallActivity,
  type ClsActivity,
  missingSignupField,
} from '#shared/contracts/call-centre.schema';
import { type CallRecord, regionList, signupPriceCents } from '#shared/contracts/call-record';
import type { MailMessage } from '../../comms/core/ports';
import { connectionMail, moreInfoMail, signupMail } from './call-mail';
import { buildHandoff } from './crm-handoff';
import { alreadySignedUp, doNotCallRefused, invalidField } from './errors';
import { resolveFollowup } from './followup-day';
import { nextVersion } from './new-record';
import type { ActivityEntry, CrmHandoff } from './ports';

/** A side effect of an activity, performed before the record is saved. */
export type ActivityEffect =
  | { kind: 'mail'; message: MailMessage }
  | { kind: 'crm'; handoff: CrmHandoff };

/** The record after an activity, and what must happen outside the table. */
export interface ActivityPlan {
  next: CallRecord;
  effects: ActivityEffect[];
}

/** What a plan needs besides the record and the input. */
export interface PlanContext {
  /** The history entry of this save; `entry.at` is now (ISO-8601 UTC). */
  entry: ActivityEntry;
  now: Date;
  /** Public site origin for links in e-mails. */
  appOrigin: string;
}

/** Activities an agent may still save on a do-not-call advertiser (the call itself and its notes). */
const ALLOWED_ON_DO_NOT_CALL: ReadonlySet<CallActivity> = new Set([
  'advertiser_info',
  'website_info',
  'agency_info',
  'notes',
  'do_not_call',
  'end_call',
]);

/**
 * The record after one activity (spec §4 "Call activities saved"), pure. Info sections are
 * replaced and keep their server-set *_sent flags; signup prices the regions (spec §9) and mails
 * a confirmation; set_followup resolves a concrete day; end_call counts the call and hands it to
 * the CRM. Every activity sets updated_at (a new version, strictly later than the old one).
 * @throws AppError 409 `do_not_call` (CALL_MESSAGES.doNotCall) for anything but info, notes,
 *   do_not_call and end_call on a do-not-call advertiser; 409 `already_signed_up`;
 *   ValidationError naming `signup_info.<field>` (missing sign-up field), `payload.day`
 *   (followup before tomorrow), `advertiser_info.email`, `website_info.web_contact_email` or
 *   `agency_info.agency_contact_email` (mail without an address).
 */
export function planActivity(
  record: CallRecord,
  input: ClsActivity,
  ctx: PlanContext,
): ActivityPlan {
  if (record.do_not_call && !ALLOWED_ON_DO_NOT_CALL.has(input.activity)) throw doNotCallRefused();
  const base: CallRecord = { ...record, updated_at: nextVersion(ctx.entry.at, record.updated_at) };
  const only = (next: CallRecord): ActivityPlan => ({ next, effects: [] });
  const mail = (next: CallRecord, message: MailMessage): ActivityPlan => ({
    next,
    effects: [{ kind: 'mail', message }],
  });

  switch (input.activity) {
    case 'advertiser_info':
      return only({
        ...base,
        advertiser_info: {
          ...input.payload,
          more_info_sent: record.advertiser_info.more_info_sent ?? false,
        },
      });
    case 'website_info':
      return only({
        ...base,
        website_info: {
          ...input.payload,
          web_connection_info_sent: record.website_info.web_connection_info_sent ?? false,
        },
      });
    case 'agency_info':
      return only({
        ...base,
        agency_info: {
          ...input.payload,
          agency_connection_info_sent: record.agency_info.agency_connection_info_sent ?? false,
        },
      });
    case 'signup_info':
      return only({ ...base, signup_info: input.payload });
    case 'notes':
      return only({ ...base, notes: input.payload.notes });
    case 'signup': {
      if (record.status_code === 'signup') throw alreadySignedUp();
      const missing = missingSignupField(record.signup_info);
      if (missing) throw invalidField(missing.message, `signup_info.${missing.field}`);
      const price = signupPriceCents(regionList(record.signup_info.regions).length);
      const next: CallRecord = {
        ...base,
        status_code: 'signup',
        status: 'called',
        signup_price_cents: price,
      };
      return mail(next, signupMail(next, price));
    }
    case 'set_followup':
      return only({
        ...base,
        status: 'followup',
        followup_info: resolveFollowup(input.payload, ctx.now),
      });
    case 'not_interested': {
      const value = input.payload.value;
      const undeclined = record.calls > 0 ? 'called' : 'new';
      const status = value
        ? 'declined_offer'
        : record.status === 'declined_offer'
          ? undeclined
          : record.status;
      return only({ ...base, not_interested: value, status });
    }
    case 'do_not_call':
      return only({ ...base, do_not_call: input.payload.value });
    case 'send_more_info': {
      if (!record.advertiser_info.email)
        throw invalidField(CALL_MESSAGES.moreInfoEmail, 'advertiser_info.email');
      const next = {
        ...base,
        advertiser_info: { ...record.advertiser_info, more_info_sent: true },
      };
      return mail(next, moreInfoMail(next, ctx.appOrigin));
    }
    case 'send_connection_instructions':
      return connectionPlan(record, base, input.payload.to, ctx.appOrigin);
    case 'end_call': {
      const next: CallRecord = {
        ...base,
        calls: record.calls + 1,
        last_call_at: ctx.entry.at,
        status: record.status === 'new' ? 'called' : record.status,
      };
      return { next, effects: [{ kind: 'crm', handoff: buildHandoff(next, ctx.entry) }] };
    }
  }
}

/** send_connection_instructions to the website or the agency contact. */
function connectionPlan(
  record: CallRecord,
  base: CallRecord,
  to: 'website' | 'agency',
  appOrigin: string,
): ActivityPlan {
  let next: CallRecord;
  if (to === 'website') {
    if (!record.website_info.web_contact_email)
      throw invalidField(CALL_MESSAGES.websiteEmail, 'website_info.web_contact_email');
    next = { ...base, website_info: { ...record.website_info, web_connection_info_sent: true } };
  } else {
    if (!record.agency_info.agency_contact_email)
      throw invalidField(CALL_MESSAGES.agencyEmail, 'agency_info.agency_contact_email');
    next = { ...base, agency_info: { ...record.agency_info, agency_connection_info_sent: true } };
  }
  return { next, effects: [{ kind: 'mail', message: connectionMail(next, to, appOrigin) }] };
}
