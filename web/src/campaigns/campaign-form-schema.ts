import { z } from 'zod';
import {
  type Campaign,
  type CampaignFields,
  type CampaignGoalKind,
  campaignInputSchema,
  FLIGHT_ORDER_MESSAGE,
  isIsoDate,
} from '#shared/contracts/campaigns.schema';

/**
 * The campaign form's values as typed (text inputs): money in dollars, DMAs as a comma-separated
 * list of codes. {@link campaignFormSchema} turns them into the shared contract's campaign
 * (layers/shared/contracts/campaigns.schema.ts), so the browser checks the server's rules.
 */
export interface CampaignFormValues {
  name: string;
  flight_start: string;
  flight_end: string;
  /** Dollars, e.g. "12,500.00". */
  budget: string;
  goal_kind: CampaignGoalKind;
  /** Visits, visits per airing, or dollars per visit (cost_per_visit). */
  goal_target: string;
  station_ids: string[];
  creative_ids: string[];
  /** DMA codes separated by commas or spaces, e.g. "501, 803". */
  dmas: string;
}

/** Dollars typed as text ("1,250.5") to integer cents; NaN when it is not an amount. */
export function dollarsToCents(text: string): number {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

/** Integer cents as the form shows them ("12500.00"). */
const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** What the DMA field says when a piece is not a number. */
export const DMA_TEXT_MESSAGE =
  'Markets must be 3-digit DMA codes separated by commas, such as 501, 803.';

/** DMA codes typed as "501, 803" (NaN for a piece that is not a number). */
function dmaCodes(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((piece) => (/^\d+$/.test(piece) ? Number(piece) : Number.NaN));
}

/** The form field a contract issue belongs to. */
function formField(path: readonly PropertyKey[]): keyof CampaignFormValues {
  const [head, sub] = path.map(String);
  if (head === 'budget_cents') return 'budget';
  if (head === 'goal') return sub === 'kind' ? 'goal_kind' : 'goal_target';
  return (head ?? 'name') as keyof CampaignFormValues;
}

/** The campaign the form's values stand for (before the contract checks it). */
function toCampaign(v: CampaignFormValues) {
  const target = Number(v.goal_target.replace(/[$,\s]/g, ''));
  return {
    name: v.name,
    flight_start: v.flight_start,
    flight_end: v.flight_end,
    budget_cents: dollarsToCents(v.budget),
    goal: {
      kind: v.goal_kind,
      target:
        v.goal_target.trim() === ''
          ? Number.NaN
          : v.goal_kind === 'cost_per_visit'
            ? dollarsToCents(v.goal_target)
            : target,
    },
    station_ids: v.station_ids,
    creative_ids: v.creative_ids,
    dmas: dmaCodes(v.dmas),
  };
}

/**
 * The form's schema: the contract's campaignInputSchema applied to the converted values, each
 * issue reported on the form field it came from. Output: the campaign's fields (integer cents).
 */
export const campaignFormSchema = z
  .custom<CampaignFormValues>((v) => typeof v === 'object' && v !== null)
  .transform((values, ctx): CampaignFields => {
    const parsed = campaignInputSchema.safeParse(toCampaign(values));
    if (parsed.success) return parsed.data;
    // The contract checks the flight's order only once every field parses; say it at once.
    const { flight_start: start, flight_end: end } = values;
    if (isIsoDate(start) && isIsoDate(end) && end < start)
      ctx.addIssue({ code: 'custom', message: FLIGHT_ORDER_MESSAGE, path: ['flight_end'] });
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path);
      const message =
        field === 'budget' && Number.isNaN(dollarsToCents(values.budget))
          ? 'Budget must be an amount in dollars, such as 12500.00.'
          : field === 'goal_target' && issue.message.endsWith('must be a number.')
            ? 'Goal target must be a number.'
            : field === 'dmas' && dmaCodes(values.dmas).some(Number.isNaN)
              ? DMA_TEXT_MESSAGE
              : issue.message;
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
    return z.NEVER;
  });

/** An empty form (a new campaign): this month's flight is left for the user to choose. */
export function emptyCampaignForm(): CampaignFormValues {
  return {
    name: '',
    flight_start: '',
    flight_end: '',
    budget: '',
    goal_kind: 'visits',
    goal_target: '',
    station_ids: [],
    creative_ids: [],
    dmas: '',
  };
}

/** The form's values for an existing campaign (editing). */
export function campaignToForm(c: Campaign): CampaignFormValues {
  return {
    name: c.name,
    flight_start: c.flight_start,
    flight_end: c.flight_end,
    budget: centsToDollars(c.budget_cents),
    goal_kind: c.goal.kind,
    goal_target:
      c.goal.kind === 'cost_per_visit' ? centsToDollars(c.goal.target) : String(c.goal.target),
    station_ids: [...c.station_ids],
    creative_ids: [...c.creative_ids],
    dmas: c.dmas.join(', '),
  };
}
