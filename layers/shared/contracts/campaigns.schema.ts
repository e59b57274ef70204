import { z } from 'zod';

/**
 * Campaigns (spec §7 "Campaigns": create_campaign, update_campaign, client_campaigns,
 * update_session_campaign; spec §3 "Report session: ... campaign"): a named flight of a client,
 * with its dates, a budget in integer cents, a goal, and the stations, creatives and markets (DMA
 * codes) it covers. A report scoped to a campaign counts only the airings inside the flight and
 * that set (layers/shared/campaigns/campaign-scope.ts). One module for the Lambdas and the web
 * (react-hook-form's zod resolver), so a rule cannot be checked on one side only; every message
 * names the field.
 */

/** Campaign name length (ours: fits a chip and a PDF title). */
export const CAMPAIGN_NAME_MAX = 80;
/** Stations, creatives or DMAs a campaign may list, each (ours: a chip-sized set, bounded work). */
export const CAMPAIGN_SET_MAX = 200;
/** Campaigns one client may hold (ours: bounds the list and the stored item count). */
export const CAMPAIGNS_PER_CLIENT_MAX = 100;
/** Budget cap: $100,000,000, as the report's ad-spend calculator. */
export const CAMPAIGN_BUDGET_MAX_CENTS = 10_000_000_000;

/** Goal kinds: total visits (more is better), visits per airing, or cost per visit in cents. */
export const CAMPAIGN_GOAL_KINDS = {
  visits: 'Visits',
  vpa: 'Visits per airing',
  cost_per_visit: 'Cost per visit',
} as const;
export type CampaignGoalKind = keyof typeof CAMPAIGN_GOAL_KINDS;
const goalKinds = Object.keys(CAMPAIGN_GOAL_KINDS) as [CampaignGoalKind, ...CampaignGoalKind[]];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const localDate = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isIsoDate, { message: `${label} must be a date written YYYY-MM-DD.` });

const id = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(80, `${field} must be at most 80 characters.`);

/** A set of names (stations or creatives): trimmed, non-empty, de-duplicated. */
const names = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be names.` })
        .trim()
        .min(1, `${label} cannot hold an empty name.`)
        .max(200, `${label} names must be at most 200 characters.`),
      { error: `${label} must be a list.` },
    )
    .max(CAMPAIGN_SET_MAX, `${label} may list at most ${CAMPAIGN_SET_MAX}.`)
    .default([])
    .transform((list) => [...new Set(list)]);

/** Nielsen DMA codes are 3-digit numbers (500-899 in practice). */
const dmas = z
  .array(
    z
      .number({ error: 'Markets must be DMA codes.' })
      .int('Markets must be whole DMA codes.')
      .min(100, 'Markets must be 3-digit DMA codes.')
      .max(999, 'Markets must be 3-digit DMA codes.'),
    { error: 'Markets must be a list of DMA codes.' },
  )
  .max(CAMPAIGN_SET_MAX, `Markets may list at most ${CAMPAIGN_SET_MAX}.`)
  .default([])
  .transform((list) => [...new Set(list)]);

/**
 * The goal: `visits` (target total attributed visits), `vpa` (target visits per airing), or
 * `cost_per_visit` (target cost per visit in integer cents; lower is better).
 */
export const campaignGoalSchema = z.object(
  {
    kind: z.enum(goalKinds, { error: 'Goal kind must be visits, vpa or cost_per_visit.' }),
    target: z
      .number({ error: 'Goal target must be a number.' })
      .min(0, 'Goal target cannot be negative.')
      .max(1_000_000_000, 'Goal target is too large.'),
  },
  { error: 'Goal must have a kind and a target.' },
);
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;

/** The editable fields of a campaign, without the flight-order rule (used by the patch too). */
const campaignFields = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(CAMPAIGN_NAME_MAX, `Name must be at most ${CAMPAIGN_NAME_MAX} characters.`),
  flight_start: localDate('Flight start'),
  flight_end: localDate('Flight end'),
  budget_cents: z
    .number({ error: 'Budget must be a number of cents.' })
    .int('Budget must be whole cents.')
    .min(0, 'Budget cannot be negative.')
    .max(CAMPAIGN_BUDGET_MAX_CENTS, 'Budget must be at most $100,000,000.'),
  goal: campaignGoalSchema,
  station_ids: names('Stations'),
  creative_ids: names('Creatives'),
  dmas,
});

/** The flight ends on or after its start (both local dates, compared as text: YYYY-MM-DD sorts). */
const flightOrder = (v: { flight_start?: string; flight_end?: string }) =>
  !v.flight_start || !v.flight_end || v.flight_end >= v.flight_start;
/** What a flight ending before it starts is told (on flight_end). */
export const FLIGHT_ORDER_MESSAGE = 'Flight end must be on or after the flight start.';
const flightOrderIssue = { message: FLIGHT_ORDER_MESSAGE, path: ['flight_end'] };

/**
 * What a user types for a campaign (the create form and create_campaign without client_uid).
 * Errors name the field; flight_end >= flight_start.
 */
export const campaignInputSchema = campaignFields.refine(flightOrder, flightOrderIssue);
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignFields = z.output<typeof campaignInputSchema>;

/**
 * A stored campaign (spec §7 client_campaigns). Dates are the client's local calendar dates
 * YYYY-MM-DD, inclusive; money integer cents; instants UTC ISO.
 */
export const campaignSchema = campaignFields.extend({
  campaign_uid: z.string(),
  client_uid: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** create_campaign input: the client and the campaign's fields. */
export const createCampaignInputSchema = campaignFields
  .extend({ client_uid: id('client_uid') })
  .refine(flightOrder, flightOrderIssue);
export type CreateCampaignInput = z.input<typeof createCampaignInputSchema>;

/**
 * update_campaign input: a patch of any fields, or `{ delete: true }` to delete the campaign.
 * The merged campaign is validated again (flight order) by the use case.
 */
export const updateCampaignInputSchema = campaignFields
  .partial()
  .extend({
    client_uid: id('client_uid'),
    campaign_uid: id('campaign_uid'),
    delete: z.literal(true, { error: 'delete must be true when given.' }).optional(),
  })
  .refine(flightOrder, flightOrderIssue);
export type UpdateCampaignInput = z.input<typeof updateCampaignInputSchema>;

/** client_campaigns input. */
export const clientCampaignsInputSchema = z.object({ client_uid: id('client_uid') });

/** What create_campaign, update_campaign and client_campaigns answer: the client's campaigns. */
export const clientCampaignsResultSchema = z.object({
  client_uid: z.string(),
  campaigns: z.array(campaignSchema),
});
export type ClientCampaignsResult = z.infer<typeof clientCampaignsResultSchema>;

/**
 * update_session_campaign input (spec §3 "Report session: ... campaign"): the campaign the
 * report session is scoped to, or null to clear it.
 */
export const updateSessionCampaignInputSchema = z.object({
  session_uid: id('session_uid'),
  client_uid: id('client_uid'),
  campaign_uid: id('campaign_uid').nullable(),
});
export type UpdateSessionCampaignInput = z.input<typeof updateSessionCampaignInputSchema>;

/** update_session_campaign result: the session and its campaign (null = unscoped). */
export const sessionCampaignResultSchema = z.object({
  session_uid: z.string(),
  client_uid: z.string(),
  campaign: campaignSchema.nullable(),
});
export type SessionCampaignResult = z.infer<typeof sessionCampaignResultSchema>;
