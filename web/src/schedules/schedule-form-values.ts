import { z } from 'zod';
import {
  localTimeField,
  MAX_SCHEDULE_RECIPIENTS,
  SCHEDULE_FAMILY_KINDS,
  SCHEDULE_RANGES,
  type Schedule,
  type ScheduleRange,
  scheduleFieldsSchema,
  timeZoneField,
} from '#shared/contracts/schedules.schema';

/**
 * The schedule form's values and their mapping to the contract (create_schedule /
 * update_schedule fields). Selects hold strings, recipients are rows of one address each (so
 * each row carries its own error); {@link toScheduleFields} turns them into the contract's shape,
 * checked again by the contract's own schema.
 */

/** Cadences the form offers. */
export const EVERY = ['weekly', 'monthly', 'quarterly'] as const;

/** The range that fits a cadence, picked when the cadence changes and the range was not touched. */
export const RANGE_FOR: Record<(typeof EVERY)[number], ScheduleRange> = {
  weekly: 'last_week',
  monthly: 'last_month',
  quarterly: 'last_quarter',
};

const recipientRow = z.object({
  address: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter an e-mail address, like name@example.com.')),
});

/** The form's schema: the contract's field rules, in the form's shape. */
export const scheduleFormSchema = z.object({
  kind: z.enum(['report', ...SCHEDULE_FAMILY_KINDS]),
  executive_only: z.boolean(),
  every: z.enum(EVERY),
  weekday: z.string().regex(/^[0-6]$/, 'Pick a day of the week.'),
  day: z.string().regex(/^([1-9]|1\d|2[0-8])$/, 'Pick a day from 1 to 28.'),
  local_time: localTimeField,
  time_zone: timeZoneField,
  range: z.enum(SCHEDULE_RANGES),
  recipients: z
    .array(recipientRow)
    .min(1, 'Add at least one recipient.')
    .max(MAX_SCHEDULE_RECIPIENTS, `At most ${MAX_SCHEDULE_RECIPIENTS} recipients.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.address))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'address'],
            message: 'This address is already in the list.',
          });
        seen.add(row.address);
      });
    }),
  csv: z.boolean(),
});
export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleFormValues = z.output<typeof scheduleFormSchema>;
/** The contract's schedule fields (without client_uid). */
export type ScheduleFields = z.output<typeof scheduleFieldsSchema>;

/** The browser's own time zone, or UTC when it has none Intl knows. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether a zone name is one the contract accepts. */
export const validZone = (zone: string | null | undefined): zone is string =>
  !!zone && timeZoneField.safeParse(zone).success;

/**
 * The form's starting values: a schedule's own (edit), else a monthly delivery of the report on
 * the 1st at 8:00 AM in `zone`, covering last month, to `email`.
 */
export function formDefaults(
  schedule: Schedule | null,
  zone: string,
  email: string | undefined,
): ScheduleFormInput {
  if (schedule) {
    const { what, cadence } = schedule;
    return {
      kind: what.kind,
      executive_only: what.kind !== 'report' && what.executive_only === true,
      every: cadence.every,
      weekday: String(cadence.every === 'weekly' ? cadence.weekday : 1),
      day: String(cadence.every === 'weekly' ? 1 : cadence.day),
      local_time: schedule.local_time,
      time_zone: schedule.time_zone,
      range: schedule.range,
      recipients: schedule.recipients.map((address) => ({ address })),
      csv: schedule.format.csv,
    };
  }
  return {
    kind: 'report',
    executive_only: false,
    every: 'monthly',
    weekday: '1',
    day: '1',
    local_time: '08:00',
    time_zone: zone,
    range: 'last_month',
    recipients: [{ address: email ?? '' }],
    csv: false,
  };
}

/**
 * The form's values as the contract's fields; a family keeps its campaign when edited.
 * @throws ZodError when the contract refuses them (the form's schema keeps that from happening).
 */
export function toScheduleFields(
  values: ScheduleFormValues,
  before: Schedule | null = null,
): ScheduleFields {
  const campaign = before && before.what.kind !== 'report' ? before.what.campaign_uid : undefined;
  return scheduleFieldsSchema.parse({
    what:
      values.kind === 'report'
        ? { kind: 'report' }
        : {
            kind: values.kind,
            executive_only: values.executive_only,
            ...(campaign ? { campaign_uid: campaign } : {}),
          },
    cadence:
      values.every === 'weekly'
        ? { every: 'weekly', weekday: Number(values.weekday) }
        : { every: values.every, day: Number(values.day) },
    local_time: values.local_time,
    time_zone: values.time_zone,
    range: values.range,
    recipients: values.recipients.map((r) => r.address),
    format: { pdf: true, csv: values.csv },
    paused: before?.paused ?? false,
  });
}

/**
 * The form field a server error names (`cadence.day` -> `day`, `what.kind` -> `kind`), or null
 * when the error belongs above the form.
 */
export function formFieldOf(
  field: string | undefined,
): 'kind' | 'weekday' | 'day' | 'local_time' | 'time_zone' | 'range' | 'recipients' | null {
  switch (field?.split('.')[0]) {
    case 'what':
      return 'kind';
    case 'cadence':
      return field === 'cadence.weekday' ? 'weekday' : 'day';
    case 'local_time':
    case 'time_zone':
    case 'range':
    case 'recipients':
      return field?.split('.')[0] as 'local_time' | 'time_zone' | 'range' | 'recipients';
    default:
      return null;
  }
}
