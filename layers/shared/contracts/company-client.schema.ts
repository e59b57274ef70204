import { z } from 'zod';
import { permsMapSchema } from './account.schema';
import { idField, optionSchema } from './companies.schema';
import { scheduleSchema } from './schedules.schema';

/**
 * One client of the company task list (spec §3 "Company (client)", "Client info", §7 "Company
 * task list"): the inputs and results of fetch_company_breakdowns, fetch_client_info,
 * company_save, client_merge and request_help, shared by the lambdas (lambdas/companies/) and
 * the web app (web/src/companies/, web/src/shell/).
 */

/**
 * A mini breakdown (fetch_company_breakdowns): the client's latest report, or its post-log alone
 * before any report. Visits and money fields are null without a report (money in integer cents).
 */
export const breakdownSchema = z.object({
  report_id: z.string().nullable(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  airings: z.number().int(),
  attributed_visits: z.number().nullable(),
  vpa: z.number().nullable(),
  lift_pct: z.number().nullable(),
  spend_cents: z.number().int().nullable(),
  cost_per_visit_cents: z.number().int().nullable(),
  by_media: z.array(z.object({ type: z.string(), airings: z.number().int() })),
  top_stations: z.array(
    z.object({ station: z.string(), airings: z.number().int(), vpa: z.number().nullable() }),
  ),
  /** Weekly airings (and attributed visits with a report), oldest first; week_start YYYY-MM-DD. */
  weeks: z.array(
    z.object({ week_start: z.string(), airings: z.number().int(), visits: z.number().nullable() }),
  ),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const fetchBreakdownsInputSchema = z.object({ client_uid: idField('client_uid') });
/** global_data: the mean VPA and lift over the caller's other reported clients, for comparison. */
export const breakdownResultSchema = z.object({
  client_uid: z.string(),
  breakdown_data: breakdownSchema,
  global_data: z
    .object({
      clients: z.number().int(),
      vpa: z.number().nullable(),
      lift_pct: z.number().nullable(),
    })
    .optional(),
});
export type BreakdownResult = z.infer<typeof breakdownResultSchema>;

/** Attribution methods a client may default to (spec §3 Filters attribution_method). */
export const CLIENT_ATTRIBUTION_METHODS = ['sessions', 'pageviews', 'newuserbaseline'] as const;

/** Tags of a client: trimmed, 1-40 characters, at most 20, no duplicates (case-insensitive). */
export const tagsField = z
  .array(
    z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag is at most 40 characters.'),
  )
  .max(20, 'At most 20 tags.')
  .refine(
    (tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length,
    'Each tag only once.',
  );

/**
 * company_save input: creates a client (no client_uid; in `org_uid`, an organisation the caller
 * may edit, default their first) or edits one (client_uid; perm edit). Messages name the field.
 */
export const companySaveInputSchema = z.object({
  client_uid: idField('client_uid').optional(),
  org_uid: idField('org_uid').optional(),
  name: z
    .string({ error: 'Enter the client name.' })
    .trim()
    .min(1, 'Enter the client name.')
    .max(120, 'Client name is at most 120 characters.'),
  website: z
    .string()
    .trim()
    .max(253, 'Website is at most 253 characters.')
    .refine(
      (v) => v === '' || /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/.*)?$/i.test(v),
      'Enter a website like example.com.',
    )
    .optional(),
  industry_id: z.string().trim().max(20).nullable().optional(),
  /** Home market: a 3-digit DMA code (the landing lookup's market); null = nationwide. */
  market: z
    .string()
    .regex(/^\d{3}$/, 'Pick a market from the list.')
    .nullable()
    .optional(),
  postlog_timezone: z
    .string()
    .trim()
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: v });
        return v.includes('/');
      } catch {
        return false;
      }
    }, 'Pick a post-log time zone.')
    .optional(),
  attribution_method: z.enum(CLIENT_ATTRIBUTION_METHODS).optional(),
  tags: tagsField.optional(),
  /** User ids of the client's reps: members of its organisation. */
  rep_uids: z.array(idField('rep_uids')).max(20, 'At most 20 reps.').optional(),
});
export type CompanySaveInput = z.input<typeof companySaveInputSchema>;

/**
 * Client info (spec §3 "Client info"; fetch_client_info, also used by merge): the editable
 * fields, perms, goals (ad spend, integer cents), the return calculator inputs, websites and
 * report schedules (for a caller with the `schedule` permission).
 */
export const clientInfoSchema = z.object({
  client_uid: z.string(),
  org_uid: z.string(),
  name: z.string(),
  website: z.string(),
  industry_id: z.string().nullable(),
  /** Home market (DMA code) when one was chosen; optional for older answers. */
  market: z.string().nullable().optional(),
  postlog_timezone: z.string(),
  attribution_method: z.enum(CLIENT_ATTRIBUTION_METHODS),
  tags: z.array(z.string()),
  rep_uids: z.array(z.string()),
  reps: z.array(optionSchema),
  perms: permsMapSchema,
  /**
   * Ad spend; with the acquisition plan kept on the client (acquisitionowl_save) also its goal,
   * target, markets, outlets, spot length and dayparts.
   */
  goals_and_objectives: z.object({
    ad_spend_cents: z.number().int().nullable(),
    goal: z.enum(['visits', 'acquisitions']).nullable().optional(),
    target: z.number().int().nullable().optional(),
    regions: z.array(z.string()).optional(),
    outlets: z.array(z.string()).optional(),
    spot_length_s: z.number().int().optional(),
    dayparts: z.array(z.string()).optional(),
  }),
  /** With a saved acquisition plan also its inputs under the calculator's names. */
  return_calculator: z
    .object({
      average_sale_cents: z.number().int().nullable(),
      close_rate_pct: z.number().nullable(),
      conversion_rate_pct: z.number().optional(),
      order_value_cents: z.number().int().optional(),
    })
    .nullable(),
  ga_websites: z.array(z.string()),
  lite_website: z.string().nullable(),
  demo: z.boolean(),
  airings: z.number().int(),
  /** The client's scheduled deliveries; empty for a caller without the `schedule` permission. */
  report_schedules: z.array(scheduleSchema),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export const fetchClientInfoInputSchema = z.object({ client_uid: idField('client_uid') });
export const clientInfoResultSchema = z.object({ client_info: clientInfoSchema });
export const companySaveResultSchema = z.object({
  client_info: clientInfoSchema,
  created: z.boolean(),
});

/**
 * client_merge input: `from_client_uid` (the duplicate, gone afterwards) into `into_client_uid`.
 * Both need perm edit; they must differ.
 */
export const clientMergeInputSchema = z
  .object({
    from_client_uid: idField('from_client_uid'),
    into_client_uid: idField('into_client_uid'),
  })
  .refine((v) => v.from_client_uid !== v.into_client_uid, {
    message: 'Pick two different clients to merge.',
    path: ['into_client_uid'],
  });
/** client_merge result: what moved into the kept client. */
export const clientMergeResultSchema = z.object({
  into_client_uid: z.string(),
  moved: z.object({
    airings: z.number().int(),
    visit_days: z.number().int(),
    reports: z.number().int(),
    shares: z.number().int(),
    locations: z.number().int(),
  }),
});
export type ClientMergeResult = z.infer<typeof clientMergeResultSchema>;

/** request_help input: a message to the team inbox, the client attached when given. */
export const requestHelpInputSchema = z.object({
  client_uid: idField('client_uid').optional(),
  topic: z.enum(['connection', 'postlog', 'report', 'billing', 'other']),
  message: z
    .string({ error: 'Tell us what you need help with.' })
    .trim()
    .min(1, 'Tell us what you need help with.')
    .max(2000, 'Message is at most 2000 characters.'),
});
export const requestHelpResultSchema = z.object({ sent: z.literal(true) });
