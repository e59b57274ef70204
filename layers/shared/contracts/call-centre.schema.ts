import { z } from 'zod';
import { isWebsite } from './account.schema';
import { FOLLOWUPS_MAX_DAYS, regionList } from './call-record';

/**
 * Call-centre contracts (spec §1 "internal call-centre tool (titled TV self serve)", §2
 * "Call-centre screen", §3 "Call record", §4 "Call status text" / "Call activities saved", §5
 * "Call centre", §7 "Call centre", §8 "Call-centre failed saves", §9 "Call-centre sign-up").
 * The SAME schemas validate the agent's forms in the browser and every call on the server.
 *
 * Routes (all for Cognito group `agent` or `staff`): GET cls_search {search_text} → result list
 * of CallSearchHit (./call-record.ts); GET cls_get_record {client_id} → CallRecord; POST
 * cls_activity {client_id, activity, payload, activity_id?} → `{ record }`; GET cls_followups
 * {today, days_back?, days_ahead?} → list of CallFollowup (ours: "Follow-ups due").
 */

/** Every message the call-centre shows (ours unless marked). */
export const CALL_MESSAGES = {
  emailInvalid: 'Email is not valid',
  phoneInvalid: 'Invalid phone number',
  urlInvalid: 'Please fix the website',
  tooLong: 'This is too long.',
  /** spec §5 "Search needs non-empty text". */
  searchEmpty: 'Type part of an advertiser name to search.',
  /** spec §5 "A save needs a loaded record". */
  noRecord: 'Open an advertiser before saving.',
  notFound: 'That advertiser is not on the call list.',
  followupPast: 'Pick a day from tomorrow on.',
  followupMissing: 'Choose days or weeks from now, or a day.',
  timeInvalid: 'Enter the time as HH:mm.',
  todayInvalid: 'Send today as a real day, YYYY-MM-DD.',
  followupsRange: `Ask for at most ${FOLLOWUPS_MAX_DAYS} days of follow-ups.`,
  billingType: 'Choose a billing method',
  billingName: 'Enter the billing name',
  address: 'Enter a mailing address',
  city: 'Enter a city',
  state: 'Enter a state/province',
  zip: 'Enter a Zip/Postal code',
  regions: 'Choose at least one region',
  reportEmail: 'Enter the e-mail address for ad reports',
  moreInfoEmail: 'Add the advertiser e-mail address before sending more information.',
  websiteEmail: 'Add the website contact e-mail address first.',
  agencyEmail: 'Add the agency contact e-mail address first.',
  doNotCall: 'This advertiser asked not to be called.',
  /** spec §8 popup title of a failed save. */
  problemTitle: 'Problem!',
  /** spec §2 celebration after a sign-up. */
  niceJob: 'NICE JOB!',
} as const;

/** spec §9 timers of the call-centre screen, in milliseconds. */
export const CALL_TIMERS = {
  searchDebounceMs: 1000,
  autosaveMs: 3000,
  saveLockReleaseMs: 1000,
  confettiMs: 6000,
  confettiPieces: 300,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const PHONE = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** A free text field (trimmed, may be empty). */
const text = (max = 200) =>
  z.string().trim().max(max, CALL_MESSAGES.tooLong).optional().default('');

/** An optional e-mail (spec §5 "email fields use an email mask"): empty, or valid, lower-cased. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, CALL_MESSAGES.emailInvalid)
  .optional()
  .default('')
  .refine((v) => v === '' || EMAIL.test(v), CALL_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/**
 * An optional US phone (spec §5 "phone fields mask (999) 999-9999"): empty, or 10 digits with
 * optional parentheses and separators, stored as `(999) 999-9999`.
 */
const optionalPhone = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((v) => v === '' || PHONE.test(v), CALL_MESSAGES.phoneInvalid)
  .transform((v) => {
    const d = v.replace(/\D/g, '');
    return d === '' ? '' : `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  });

/** An optional website (spec §5 "url": empty allowed, else the connection_url rule). */
const optionalUrl = z
  .string()
  .trim()
  .max(300, CALL_MESSAGES.tooLong)
  .optional()
  .default('')
  .refine((v) => v === '' || isWebsite(v), CALL_MESSAGES.urlInvalid);

/**
 * Formats what an agent typed as the call-centre phone mask `(999) 999-9999`, as they type
 * (keeps the first 10 digits): '5551234' → '(555) 123-4'.
 */
export function maskCallPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** spec §3 advertiser_info as the agent edits it (`more_info_sent` is set by the server only). */
export const advertiserInfoSchema = z.object({
  first_name: text(100),
  last_name: text(100),
  email: optionalEmail,
  address: text(),
  address_extended: text(),
  city: text(100),
  state: text(50),
  zip: text(20),
  url: optionalUrl,
  phone: optionalPhone,
});
export type AdvertiserInfo = z.infer<typeof advertiserInfoSchema> & { more_info_sent?: boolean };

/** Billing methods of a call-centre sign-up (spec §3 signup_info.billing_type). */
export const BILLING_TYPES = ['invoice', 'automatic'] as const;

/**
 * spec §3 signup_info. No card number is ever taken here: `card_info` of the spec is left out on
 * purpose (card numbers never touch our tables; an automatic-billing sign-up gets its card form
 * from the billing system by e-mail).
 */
export const signupInfoSchema = z.object({
  billing_type: z.enum(BILLING_TYPES).or(z.literal('')).optional().default(''),
  billing_name: text(100),
  address: text(),
  address_extended: text(),
  city: text(100),
  state: text(50),
  zip: text(20),
  match_only: z.boolean().optional().default(false),
  /** Comma list of DMA codes (spec §3 "regions (comma list)"). */
  regions: z
    .string()
    .trim()
    .max(2000, CALL_MESSAGES.tooLong)
    .regex(/^[0-9, ]*$/, CALL_MESSAGES.regions)
    .optional()
    .default(''),
  ad_report_email_address_1: optionalEmail,
  ad_report_email_address_2: optionalEmail,
});
export type SignupInfo = z.infer<typeof signupInfoSchema>;

/** spec §3 website_info as the agent edits it (`web_connection_info_sent` is server-set). */
export const websiteInfoSchema = z.object({
  url: optionalUrl,
  web_contact_name: text(100),
  web_company: text(100),
  web_contact_email: optionalEmail,
  web_contact_phone: optionalPhone,
});
export type WebsiteInfo = z.infer<typeof websiteInfoSchema> & {
  web_connection_info_sent?: boolean;
};

/** spec §3 agency_info as the agent edits it (`agency_connection_info_sent` is server-set). */
export const agencyInfoSchema = z.object({
  agency_contact_name: text(100),
  agency_company: text(100),
  agency_contact_email: optionalEmail,
  agency_contact_phone: optionalPhone,
});
export type AgencyInfo = z.infer<typeof agencyInfoSchema> & {
  agency_connection_info_sent?: boolean;
};

/**
 * spec §3 followup_info. The agent gives days or weeks from now, or a day (YYYY-MM-DD), plus an
 * optional time (HH:mm) and their IANA time zone; the server turns it into a concrete `day`
 * (spec §5 "becomes a concrete day; minimum date is tomorrow", tomorrow in `tz`).
 */
export const followupInputSchema = z
  .object({
    days_from_now: z.number().int().min(1).max(365).optional(),
    weeks_from_now: z.number().int().min(1).max(52).optional(),
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, CALL_MESSAGES.followupMissing)
      .optional(),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CALL_MESSAGES.timeInvalid)
      .or(z.literal(''))
      .optional()
      .default(''),
    tz: z
      .string()
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone')
      .optional()
      .default('America/New_York'),
  })
  .refine(
    (f) => f.days_from_now !== undefined || f.weeks_from_now !== undefined || !!f.day,
    CALL_MESSAGES.followupMissing,
  );

/** GET cls_search (spec §7): search_text, non-empty (spec §5). At most 50 hits, best first. */
export const clsSearchSchema = z.object({
  search_text: z.string().trim().min(1, CALL_MESSAGES.searchEmpty).max(100, CALL_MESSAGES.tooLong),
});

/** True when `day` is YYYY-MM-DD naming a real calendar day (no 2024-02-31). */
function isRealDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/**
 * GET cls_followups (ours, "Follow-ups due"): `today` is the agent's local day (the browser's);
 * the answer holds the follow-ups from today - days_back to today + days_ahead, inclusive, at
 * most FOLLOWUPS_MAX_DAYS days (a longer range is refused on `days_back`).
 */
export const clsFollowupsSchema = z
  .object({
    today: z
      .string({ error: CALL_MESSAGES.todayInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, CALL_MESSAGES.todayInvalid)
      .refine(isRealDay, CALL_MESSAGES.todayInvalid),
    /** @default 14 */
    days_back: z.coerce.number().int().min(0).max(60).default(14),
    /** @default 0 */
    days_ahead: z.coerce.number().int().min(0).max(31).default(0),
  })
  .superRefine((input, ctx) => {
    if (input.days_back + input.days_ahead + 1 > FOLLOWUPS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['days_back'], message: CALL_MESSAGES.followupsRange });
  });
export type ClsFollowups = z.infer<typeof clsFollowupsSchema>;

/** A record id as the routes take it. */
const clientId = z
  .string({ error: CALL_MESSAGES.noRecord })
  .trim()
  .min(1, CALL_MESSAGES.noRecord)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, CALL_MESSAGES.notFound);

/** GET cls_get_record (spec §7): client_id. */
export const clsGetRecordSchema = z.object({ client_id: clientId });

/** The saved activities (spec §4 "Call activities saved"). */
export const CALL_ACTIVITIES = [
  'advertiser_info',
  'website_info',
  'signup_info',
  'agency_info',
  'notes',
  'signup',
  'set_followup',
  'end_call',
  'not_interested',
  'do_not_call',
  'send_more_info',
  'send_connection_instructions',
] as const;
export type CallActivity = (typeof CALL_ACTIVITIES)[number];

const common = {
  client_id: clientId,
  /** A client-made id (uuid) of this save: a retried save with the same id changes nothing twice. */
  activity_id: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
};
const empty = z.object({}).strict().optional().default({});
const flag = z
  .object({ value: z.boolean().optional().default(true) })
  .optional()
  .default({ value: true });

/**
 * POST cls_activity (spec §7: client_id, activity, payload; result.record), one payload schema
 * per activity. Errors name the field as `payload.<field>`.
 */
export const clsActivitySchema = z.discriminatedUnion('activity', [
  z.object({ ...common, activity: z.literal('advertiser_info'), payload: advertiserInfoSchema }),
  z.object({ ...common, activity: z.literal('website_info'), payload: websiteInfoSchema }),
  z.object({ ...common, activity: z.literal('signup_info'), payload: signupInfoSchema }),
  z.object({ ...common, activity: z.literal('agency_info'), payload: agencyInfoSchema }),
  z.object({
    ...common,
    activity: z.literal('notes'),
    payload: z.object({ notes: z.string().max(10000, CALL_MESSAGES.tooLong) }),
  }),
  z.object({ ...common, activity: z.literal('signup'), payload: empty }),
  z.object({ ...common, activity: z.literal('set_followup'), payload: followupInputSchema }),
  z.object({ ...common, activity: z.literal('end_call'), payload: empty }),
  z.object({ ...common, activity: z.literal('not_interested'), payload: flag }),
  z.object({ ...common, activity: z.literal('do_not_call'), payload: flag }),
  z.object({ ...common, activity: z.literal('send_more_info'), payload: empty }),
  z.object({
    ...common,
    activity: z.literal('send_connection_instructions'),
    payload: z.object({ to: z.enum(['website', 'agency']) }),
  }),
]);
export type ClsActivityInput = z.input<typeof clsActivitySchema>;
export type ClsActivity = z.infer<typeof clsActivitySchema>;

/**
 * The sign-up's required fields, checked when the agent presses Sign up (spec §3 signup_info):
 * returns the first missing field and its message, or null when complete.
 */
export function missingSignupField(
  info: SignupInfo,
): { field: keyof SignupInfo; message: string } | null {
  const checks: Array<[keyof SignupInfo, boolean, string]> = [
    ['billing_type', info.billing_type !== '', CALL_MESSAGES.billingType],
    ['billing_name', info.billing_name !== '', CALL_MESSAGES.billingName],
    ['address', info.address !== '', CALL_MESSAGES.address],
    ['city', info.city !== '', CALL_MESSAGES.city],
    ['state', info.state !== '', CALL_MESSAGES.state],
    ['zip', info.zip !== '', CALL_MESSAGES.zip],
    ['regions', regionList(info.regions).length > 0, CALL_MESSAGES.regions],
    ['ad_report_email_address_1', info.ad_report_email_address_1 !== '', CALL_MESSAGES.reportEmail],
  ];
  const miss = checks.find(([, ok]) => !ok);
  return miss ? { field: miss[0], message: miss[2] } : null;
}
