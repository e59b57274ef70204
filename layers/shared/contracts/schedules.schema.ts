import { z } from 'zod';
import { idField } from './companies.schema';
import { FAMILY_KINDS, FAMILY_REQUIRED_FIELDS, type FamilyKind } from './families.schema';

/**
 * Scheduled report deliveries (spec §3 "Client info" report_schedules, §7 create_schedule,
 * update_schedule): what is sent, how often, at what local time in which zone, the range it
 * covers and to whom; plus the delivery history and the queue message a trigger sends. Shared by
 * lambdas/schedules/, lib/local/schedules.ts and the web app (web/src/schedules/).
 */

/** The generated report families a schedule may send besides the client's own report. */
export const SCHEDULE_FAMILY_KINDS = FAMILY_KINDS;
export type ScheduleFamilyKind = FamilyKind;

/**
 * The families a client's schedule can send: those that need nothing but the client and the
 * month or quarter the delivery's period gives (families.schema.ts FAMILY_REQUIRED_FIELDS). The
 * others (a station's month, an advertiser's, activity) are generated on demand only.
 */
export const SCHEDULABLE_FAMILY_KINDS: readonly FamilyKind[] = FAMILY_KINDS.filter((kind) =>
  FAMILY_REQUIRED_FIELDS[kind].every((f) => f === 'client_uid' || f === 'month' || f === 'quarter'),
);

/** Ranges a delivery covers, relative to its occurrence in the schedule's zone. */
export const SCHEDULE_RANGES = [
  'last_week',
  'last_month',
  'last_quarter',
  'month_to_date',
] as const;
export type ScheduleRange = (typeof SCHEDULE_RANGES)[number];

/** At most this many recipients per schedule. */
export const MAX_SCHEDULE_RECIPIENTS = 20;

/**
 * What a schedule sends: the client's report with its saved settings, or a generated family
 * (optionally its executive summary page alone, optionally scoped to a campaign).
 */
export const scheduleWhatSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('report') }),
      z.object({
        kind: z.enum(SCHEDULE_FAMILY_KINDS),
        executive_only: z.boolean().optional(),
        campaign_uid: idField('what.campaign_uid').optional(),
      }),
    ],
    { error: 'what.kind must be the report or one of the generated families.' },
  )
  .refine((what) => what.kind === 'report' || SCHEDULABLE_FAMILY_KINDS.includes(what.kind), {
    message:
      'what.kind: this family needs a station, an advertiser or dates of its own; generate it from Reports instead of scheduling it for a client.',
    path: ['kind'],
  });
export type ScheduleWhat = z.infer<typeof scheduleWhatSchema>;

const dayOfMonth = (every: string) =>
  z
    .number({ error: `cadence.day is required for ${every} schedules.` })
    .int('cadence.day must be a whole number.')
    .min(1, 'cadence.day must be between 1 and 28.')
    .max(28, 'cadence.day must be between 1 and 28.');

/**
 * How often: weekly on a weekday (0 Sunday .. 6 Saturday), monthly on a day (1-28, so every
 * month has it), or quarterly on a day of the quarter's first month (January, April, July,
 * October).
 */
export const cadenceSchema = z.discriminatedUnion(
  'every',
  [
    z.object({
      every: z.literal('weekly'),
      weekday: z
        .number({ error: 'cadence.weekday is required for weekly schedules.' })
        .int('cadence.weekday must be a whole number.')
        .min(0, 'cadence.weekday must be 0 (Sunday) to 6 (Saturday).')
        .max(6, 'cadence.weekday must be 0 (Sunday) to 6 (Saturday).'),
    }),
    z.object({ every: z.literal('monthly'), day: dayOfMonth('monthly') }),
    z.object({ every: z.literal('quarterly'), day: dayOfMonth('quarterly') }),
  ],
  { error: 'cadence.every must be weekly, monthly or quarterly.' },
);
export type Cadence = z.infer<typeof cadenceSchema>;

/** Local wall-clock time HH:mm (24 hours). */
export const localTimeField = z
  .string({ error: 'local_time is required.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'local_time must be HH:mm (00:00 to 23:59).');

/** An IANA time zone name Intl knows (e.g. America/New_York); UTC is allowed. */
export const timeZoneField = z
  .string({ error: 'time_zone is required.' })
  .trim()
  .refine((v) => {
    if (v !== 'UTC' && !v.includes('/')) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, 'time_zone must be an IANA time zone such as America/New_York.');

/** Recipients: 1-20 e-mail addresses, trimmed and lower-cased, each once. */
export const recipientsField = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('recipients: each recipient must be an e-mail address.')),
    { error: 'recipients is required.' },
  )
  .min(1, 'recipients: add at least one e-mail address.')
  .max(MAX_SCHEDULE_RECIPIENTS, `recipients: at most ${MAX_SCHEDULE_RECIPIENTS} addresses.`)
  .refine((list) => new Set(list).size === list.length, 'recipients: each address only once.');

/** Format: the PDF always (attached up to 7 MB, else a link valid 7 days); CSV of the tables optional. */
export const scheduleFormatSchema = z.object({
  pdf: z.literal(true, { error: 'format.pdf must be true: every delivery carries the PDF.' }),
  csv: z.boolean({ error: 'format.csv must be true or false.' }),
});

/** The fields a user sets on a schedule (create_schedule input; spec §7). */
export const scheduleFieldsSchema = z.object({
  what: scheduleWhatSchema,
  cadence: cadenceSchema,
  local_time: localTimeField,
  time_zone: timeZoneField,
  range: z.enum(SCHEDULE_RANGES, {
    error: 'range must be last_week, last_month, last_quarter or month_to_date.',
  }),
  recipients: recipientsField,
  format: scheduleFormatSchema,
  paused: z.boolean().default(false),
});

/** create_schedule input: the client and the schedule's fields. */
export const scheduleInputSchema = scheduleFieldsSchema.extend({
  client_uid: idField('client_uid'),
});
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;
/** What a form sends (paused may be left out: false). */
export type ScheduleInputDraft = z.input<typeof scheduleInputSchema>;

/**
 * A stored schedule: the input plus its id, owner (the user who created it; told when a delivery
 * fails for good), times (UTC ISO) and the next run (UTC ISO; null while paused). `recipients`
 * may be empty only when the last recipient unsubscribed: the schedule is then paused until
 * someone adds a recipient.
 */
export const scheduleSchema = scheduleInputSchema.extend({
  recipients: z.array(z.string()).max(MAX_SCHEDULE_RECIPIENTS),
  schedule_id: z.string(),
  owner_user_id: z.string(),
  owner_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  next_run_at: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * update_schedule input: `{ schedule_id, client_uid, delete: true }` deletes; otherwise any of
 * the fields is a patch (e.g. `{ paused: true }` pauses). An empty patch is refused.
 */
export const updateScheduleInputSchema = z
  .object({
    schedule_id: idField('schedule_id'),
    client_uid: idField('client_uid'),
    delete: z.literal(true).optional(),
    what: scheduleWhatSchema.optional(),
    cadence: cadenceSchema.optional(),
    local_time: localTimeField.optional(),
    time_zone: timeZoneField.optional(),
    range: z
      .enum(SCHEDULE_RANGES, {
        error: 'range must be last_week, last_month, last_quarter or month_to_date.',
      })
      .optional(),
    recipients: recipientsField.optional(),
    format: scheduleFormatSchema.optional(),
    paused: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'schedule_id' && k !== 'client_uid'), {
    message: 'Nothing to change: send delete, paused or a field to update.',
    path: ['schedule_id'],
  });
export type UpdateScheduleInput = z.infer<typeof updateScheduleInputSchema>;

/** create_schedule / update_schedule answer: the client's schedules after the change. */
export const scheduleResultSchema = z.object({
  result: z.object({ client_info: z.object({ report_schedules: z.array(scheduleSchema) }) }),
});
export type ScheduleResult = z.infer<typeof scheduleResultSchema>;

/**
 * Status of one delivery: claimed and sending, sent, waiting for a retry, failed for good, or
 * skipped (nothing to send by design, e.g. a month outside the campaign's flight; `error` says why).
 */
export const DELIVERY_STATUSES = ['sending', 'sent', 'retrying', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One delivery of a schedule for one period. `period_key` is the covered local date range
 * `YYYY-MM-DD..YYYY-MM-DD` and with schedule_id the idempotency key (one delivery per period).
 * `pdf_link`: the signed link (valid 7 days) when the PDF was too big to attach, or always for the
 * history view. Instants UTC ISO.
 */
export const deliverySchema = z.object({
  schedule_id: z.string(),
  period_key: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  recipients: z.array(z.string()),
  sent_at: z.string().optional(),
  pdf_link: z.string().optional(),
  attached: z.boolean(),
  error: z.string().optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET schedule_deliveries input. */
export const scheduleDeliveriesInputSchema = z.object({
  client_uid: idField('client_uid'),
  schedule_id: idField('schedule_id'),
});
/** GET schedule_deliveries answer: newest period first. */
export const scheduleDeliveriesResultSchema = z.object({ deliveries: z.array(deliverySchema) });
export type ScheduleDeliveriesResult = z.infer<typeof scheduleDeliveriesResultSchema>;

/** Public GET schedule_unsubscribe input: the signed token from the e-mail's link. */
export const scheduleUnsubscribeInputSchema = z.object({
  token: z
    .string({ error: 'token is required.' })
    .trim()
    .min(1, 'token is required.')
    .max(2000, 'token is not valid.'),
});
/** schedule_unsubscribe answer: the address removed (or already gone). */
export const scheduleUnsubscribeResultSchema = z.object({
  unsubscribed: z.literal(true),
  email: z.string(),
});

/**
 * The message a trigger (EventBridge Scheduler in AWS, croner locally) puts on the
 * DeliveryQueue: which schedule, whose client, and the occurrence instant (UTC ISO).
 */
export const deliveryMessageSchema = z.object({
  schedule_id: idField('schedule_id'),
  client_uid: idField('client_uid'),
  occurrence_at: z.iso.datetime({ offset: true }),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;
