import type { AdvertiserInfo, AgencyInfo, SignupInfo, WebsiteInfo } from './call-centre.schema';

/**
 * The call record and what is derived from it (spec §3 "Call record", §4 "Call status text", §9
 * "Call-centre sign-up"), shared by the call-centre routes and the call-centre app. The request
 * schemas that write it are in ./call-centre.schema.ts.
 */

/**
 * spec §9 "Call-centre sign-up: $99.99 per month per region (list price $399); total capped at
 * $399 for multiple regions". Integer cents.
 */
export const CALL_SIGNUP_PRICE = {
  perRegionCents: 9999,
  listPriceCents: 39900,
  capCents: 39900,
} as const;

/**
 * Monthly price in integer cents of a call-centre sign-up for `regionCount` regions (spec §9):
 * 9,999 per region, never above 39,900. 0 regions → 0.
 */
export function signupPriceCents(regionCount: number): number {
  const n = Math.max(0, Math.floor(regionCount));
  return Math.min(n * CALL_SIGNUP_PRICE.perRegionCents, CALL_SIGNUP_PRICE.capCents);
}

/** The region ids of a comma list (spec §3 signup_info.regions "comma list"), trimmed, no blanks. */
export function regionList(regions: string | undefined): string[] {
  return (regions ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** A stored followup (spec §3 followup_info): the concrete day and time the agent set. */
export interface FollowupInfo {
  days_from_now?: number;
  weeks_from_now?: number;
  days_from_now_set: boolean;
  weeks_from_now_set: boolean;
  /** YYYY-MM-DD in the agent's time zone. */
  day: string;
  /** HH:mm or ''. */
  time: string;
  tz: string;
}

/** spec §3 record sizes, by airings per week in the monitored log (ours: ≤10, ≤50, ≤200, more). */
export const CALL_SIZES = ['small', 'medium', 'large', 'xl'] as const;
export type CallSize = (typeof CALL_SIZES)[number];

/** A competitor row (spec §3 competitor_list: id, advertiser, spend). spend: integer cents or null when the log has no costs. */
export interface Competitor {
  id: string;
  advertiser: string;
  spend: number | null;
  airings: number;
}

/** Record statuses (spec §4): `new`, `followup`, `declined_offer`, `called` (ours: reached, no outcome). */
export type CallStatus = 'new' | 'called' | 'followup' | 'declined_offer';

/**
 * A call record (spec §3 "Call record"). Facts from the monitored post-log (program_list …
 * competitor_list, as_of) are rebuilt by each list refresh; everything an agent entered is kept.
 * Times are ISO-8601 UTC; money is integer cents.
 */
export interface CallRecord {
  /** The record's id (used as client_id by the routes). */
  id: string;
  uid: string;
  name: string;
  /** IAB industry name ('' unknown) and id. */
  industry: string;
  industry_id: string;
  status: CallStatus;
  /** `signup` once signed up, else ''. */
  status_code: '' | 'signup';
  size: CallSize;
  notes: string;
  not_interested: boolean;
  do_not_call: boolean;
  /** Programs (shows) the advertiser aired in, most airings first. */
  program_list: string[];
  /** DMA codes, most airings first. */
  markets: string[];
  /** Call signs, most airings first. */
  stations: string[];
  days_since_first_spot: number;
  days_since_campaign: number;
  /** Aired in every one of the log's last weeks (up to 4). */
  always_on_air: boolean;
  /** Top competitors in the same industry, by spend then airings. */
  competitor_list: Competitor[];
  industry_summary: { sessions_per_airing: number | null };
  /** Airings and spend (cents or null) in the monitored log. */
  airings: number;
  spend: number | null;
  /** The last day of the monitored log the counters are measured to (YYYY-MM-DD, UTC). */
  as_of: string;
  advertiser_info: AdvertiserInfo;
  signup_info: SignupInfo;
  website_info: WebsiteInfo;
  agency_info: AgencyInfo;
  followup_info: FollowupInfo | null;
  /** Monthly price of the sign-up in cents (spec §9), once signed up. */
  signup_price_cents: number | null;
  calls: number;
  last_call_at: string | null;
  updated_at: string;
}

/**
 * spec §4 "Call status text": signup → DONE - Subscriber; declined_offer → Declined Offer;
 * followup → Already Called - Followup; otherwise New Call.
 */
export function callStatusText(record: Pick<CallRecord, 'status' | 'status_code'>): string {
  if (record.status_code === 'signup') return 'DONE - Subscriber';
  if (record.status === 'declined_offer') return 'Declined Offer';
  if (record.status === 'followup') return 'Already Called - Followup';
  return 'New Call';
}

/** One search hit (spec §2 results table Name, View). */
export interface CallSearchHit {
  id: string;
  name: string;
  industry: string;
  status_text: string;
}

/**
 * Ours ("Follow-ups due"): the most days one GET cls_followups covers (its days_back +
 * days_ahead + today), so a request reads at most this many day partitions of the index.
 */
export const FOLLOWUPS_MAX_DAYS = 62;

/**
 * One pending follow-up (GET cls_followups, "Follow-ups due"): whom to call back and when. Kept
 * in step with the record by every save; ordered by day, then time (untimed last), then name.
 */
export interface CallFollowup {
  /** The record's id (opens it like a search hit). */
  id: string;
  name: string;
  industry: string;
  /** YYYY-MM-DD in the time zone of the agent who set it. */
  day: string;
  /** HH:mm or '' (any time that day). */
  time: string;
  /** The IANA zone `day` and `time` are in. */
  tz: string;
  /** E-mail of the agent who set the follow-up ('' when unknown). */
  agent_email: string;
  status_text: string;
}
