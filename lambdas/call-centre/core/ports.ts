import type {
  AdvertiserInfo,
  AgencyInfo,
  CallActivity,
  SignupInfo,
  WebsiteInfo,
} from '#shared/contracts/call-centre.schema';
import type {
  CallFollowup,
  CallRecord,
  CallSearchHit,
  FollowupInfo,
} from '#shared/contracts/call-record';
import type { Mailer } from '../../comms/core/ports';

/**
 * Ports of the call-centre context (spec §1 "internal call-centre tool", §7 "Call centre").
 * Adapters live in ../adapters: the DynamoDB CallRecordsTable (or memory in tests), the CRM
 * hand-off (SQS in AWS; a folder outbox locally) and the mailer (SES or the local outbox).
 */

/** One airing of the monitored market post-log the call list is built from (times epoch seconds UTC). */
export interface MonitoredAiring {
  advertiser: string;
  /** IAB ad-product id ('' unknown). */
  industry_id: string;
  station: string;
  /** Nielsen DMA code. */
  market: string;
  program: string;
  start_utc: number;
  length_s: number;
  /** Integer cents, or null when the log has no cost. */
  cost_cents: number | null;
}

/**
 * What a list refresh knows of one advertiser (the monitored-log part of a {@link CallRecord});
 * refreshing never touches what agents entered.
 */
export type CallFacts = Pick<
  CallRecord,
  | 'id'
  | 'uid'
  | 'name'
  | 'industry'
  | 'industry_id'
  | 'size'
  | 'program_list'
  | 'markets'
  | 'stations'
  | 'days_since_first_spot'
  | 'days_since_campaign'
  | 'always_on_air'
  | 'competitor_list'
  | 'industry_summary'
  | 'airings'
  | 'spend'
  | 'as_of'
>;

/** One saved activity, kept as the record's history (never holds card numbers or passwords). */
export interface ActivityEntry {
  /** The client's activity_id, or a server uuid when none was sent. */
  activity_id: string;
  activity: CallActivity;
  /** Cognito sub and e-mail of the agent. */
  agent_sub: string;
  agent_email: string;
  /** ISO-8601 UTC. */
  at: string;
}

/** Outcome of a conditional save. */
export type SaveOutcome = 'saved' | 'duplicate' | 'conflict';

/** The CallRecordsTable. */
export interface CallRecordStore {
  /** The record, or null when no record has that id. */
  get(id: string): Promise<CallRecord | null>;
  /**
   * Records whose name contains every word of `text` (case-insensitive, word prefixes), best
   * first (names starting with the text, then by airings), at most `limit`.
   */
  search(text: string, limit: number): Promise<CallSearchHit[]>;
  /** True when `activityId` was already saved on record `id` (a retried save). */
  hasActivity(id: string, activityId: string): Promise<boolean>;
  /**
   * Saves `next` only if the stored record's updated_at is still `previous.updated_at` (so
   * `previous` is what is stored) and the entry's activity_id is new, atomically with the
   * history entry and the follow-up index (core/followup-index.ts followupChange). 'duplicate':
   * the activity was already saved; 'conflict': someone saved in between (reload and retry).
   */
  saveActivity(next: CallRecord, previous: CallRecord, entry: ActivityEntry): Promise<SaveOutcome>;
  /**
   * Writes the facts of a list refresh: new advertisers get a fresh record, known ones get their
   * facts replaced and keep everything agents entered. Idempotent.
   */
  upsertFacts(
    facts: readonly CallFacts[],
    now: Date,
  ): Promise<{ created: number; updated: number }>;
  /**
   * The pending follow-ups whose day is `fromDay` to `toDay` (YYYY-MM-DD, inclusive), by day,
   * then time (untimed last), then name. None when `fromDay` is later than `toDay`.
   * @throws RangeError when the range spans more than FOLLOWUPS_MAX_DAYS days.
   */
  followupsDue(fromDay: string, toDay: string): Promise<CallFollowup[]>;
}

/**
 * What the sales CRM receives when an agent ends a call (spec §1: "end the call so that it is
 * sent to an external sales CRM"; its format is not shown, this is ours). No card data ever.
 */
export interface CrmHandoff {
  /** The end_call activity id: the CRM de-duplicates on it. */
  handoff_id: string;
  record_id: string;
  advertiser: string;
  industry: string;
  status_text: string;
  outcome: {
    signed_up: boolean;
    signup_price_cents: number | null;
    followup: FollowupInfo | null;
    not_interested: boolean;
    do_not_call: boolean;
  };
  advertiser_info: AdvertiserInfo;
  website_info: WebsiteInfo;
  agency_info: AgencyInfo;
  signup_info: SignupInfo;
  notes: string;
  agent: { sub: string; email: string };
  /** ISO-8601 UTC. */
  ended_at: string;
}

/** The sales CRM's inbound channel. */
export interface CrmSink {
  /** Hands one ended call over. @throws when the channel refuses it (the agent retries). */
  send(handoff: CrmHandoff): Promise<void>;
}

/** Everything the call-centre use cases need. */
export interface CallCentreDeps {
  records: CallRecordStore;
  crm: CrmSink;
  mailer: Mailer;
  /** Public origin of the site, for links in e-mails (e.g. https://analyticowl.com). */
  appOrigin: string;
  now: () => Date;
  newId: () => string;
}
