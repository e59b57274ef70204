import type { z } from 'zod';
import type { Caller } from '#shared/auth/caller';
import { readableClient, writableClient } from '#shared/companies/companies';
import type {
  AcquisitionRegion,
  CalculateInput,
  CalculateResult,
  GoalsInput,
  GoalsResult,
  Outlet,
  OutletList,
  outletsInputSchema,
  SavePlanInput,
} from '#shared/contracts/acquisition.schema';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import { NotFound } from '#shared/errors';
import { SHIPPED_DMA_ROWS } from '#shared/reference/shipped';
import { optimiseGoal } from './goals';
import { assumptionNotes, calculatePlan, selectOutlets } from './plan';
import type { AcquisitionDeps, OutletFacts, SavedPlan } from './ports';

/**
 * The acquisition calculator's use cases (spec §7 acquisitionowl_*). Who gets which ratings:
 * a visitor, or a signed-in caller without the `calculator_real` gate (Industry Insights'
 * station ratings), plans with the sample cohort; an entitled caller (and staff) with the real
 * one once a real period is published. Every answer says which (`kind`).
 */

/** The cohort the caller plans with. */
export async function kindFor(deps: AcquisitionDeps, caller: Caller | null): Promise<RatingsKind> {
  if (!caller) return 'sample';
  if (!(await deps.gate.allowsReal(caller))) return 'sample';
  return (await deps.outlets.realAvailable()) ? 'real' : 'sample';
}

/** The contract's Outlet of what the source knows (drops the engine-only fields). */
function toOutlet(o: OutletFacts): Outlet {
  const { median_airings_per_month: _m, ...outlet } = o;
  return outlet;
}

const DMA_LONG_NAMES = new Map(SHIPPED_DMA_ROWS.map((r) => [r.dma_code, r.dma_name_long ?? '']));

/** A market's state from the shipped DMA list ('501' → 'NY'; regions group by it), '' unknown. */
const stateOf = (code: string) =>
  /,\s*([A-Z]{2})\b/.exec(DMA_LONG_NAMES.get(code) ?? '')?.[1] ?? '';

/**
 * acquisitionowl_regions: the markets with at least one outlet (rated or with a spot rate), by
 * name, each with its number of outlets. National outlets (no market) are not a region.
 */
export async function listRegions(
  deps: AcquisitionDeps,
  caller: Caller | null,
): Promise<AcquisitionRegion[]> {
  const kind = await kindFor(deps, caller);
  const all = await deps.outlets.outlets(kind, {
    regions: [],
    broadcast_type: 'all',
    format: 'all',
    dayparts: [],
  });
  const byMarket = new Map<string, AcquisitionRegion>();
  for (const o of all) {
    if (!o.market) continue;
    const r = byMarket.get(o.market) ?? {
      id: o.market,
      name: o.market_name,
      parent: stateOf(o.market),
      outlets: 0,
    };
    r.outlets += 1;
    byMarket.set(o.market, r);
  }
  return [...byMarket.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * acquisitionowl_outlets: the outlets of the chosen markets (every market when none), best
 * rated first (unrated last), then by label.
 */
export async function listOutlets(
  deps: AcquisitionDeps,
  caller: Caller | null,
  input: z.output<typeof outletsInputSchema>,
): Promise<OutletList> {
  const kind = await kindFor(deps, caller);
  const outlets = await deps.outlets.outlets(kind, { ...input, dayparts: [] });
  outlets.sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.label.localeCompare(b.label));
  return { kind, outlets: outlets.map(toOutlet) };
}

/**
 * The advertiser's own VPA when the plan names a client: only for a signed-in caller who may
 * view it. @throws NotFound ('Client') for a visitor, an unknown client or one the caller may
 * not view (one answer, so ids cannot be probed).
 */
async function ownVpaOf(
  deps: AcquisitionDeps,
  caller: Caller | null,
  clientUid: string | undefined,
): Promise<number | null> {
  if (clientUid === undefined) return null;
  if (!caller) throw new NotFound('Client');
  const client = await readableClient(deps.companies, caller, clientUid);
  return deps.ownVpa.ownVpa(client.client_uid);
}

/** Said when dayparts were asked for by a caller without the daypart ratings. */
export const DAYPARTS_LOCKED_NOTE =
  'Daypart ratings are part of Industry Insights, so this plan uses all-day ratings.';

/**
 * The dayparts a plan may use: the asked ones for a caller with the `ratings_dayparts` gate
 * (the ratings pages refuse daypart ratings to others, so a plan must not reveal them either);
 * none for everyone else, with a note.
 */
async function daypartsFor(
  deps: AcquisitionDeps,
  caller: Caller | null,
  asked: readonly string[],
): Promise<{ dayparts: string[]; notes: string[] }> {
  if (asked.length === 0) return { dayparts: [], notes: [] };
  if (caller && (await deps.gate.allowsDayparts(caller)))
    return { dayparts: [...asked], notes: [] };
  return { dayparts: [], notes: [DAYPARTS_LOCKED_NOTE] };
}

/** The outlets of a plan's scope with the caller's cohort and the client's own VPA. */
async function scopeOf(
  deps: AcquisitionDeps,
  caller: Caller | null,
  input: Pick<CalculateInput, 'client_uid' | 'regions' | 'outlets' | 'spot_length_s' | 'dayparts'>,
) {
  const [kind, ownVpa, parts] = await Promise.all([
    kindFor(deps, caller),
    ownVpaOf(deps, caller, input.client_uid),
    daypartsFor(deps, caller, input.dayparts),
  ]);
  const known = await deps.outlets.outlets(kind, {
    regions: input.regions,
    broadcast_type: 'all',
    format: 'all',
    dayparts: parts.dayparts,
  });
  const selection = selectOutlets(input.outlets, known, input.spot_length_s, ownVpa);
  return {
    kind,
    ownVpa,
    dayparts: parts.dayparts,
    selection: { ...selection, notes: [...parts.notes, ...selection.notes] },
  };
}

/**
 * acquisitionowl_calculate. Steps: 1. the caller's cohort and the client's own VPA; 2. the
 * chosen outlets that have a rate and expected visits; 3. the even split, visits, cost per visit
 * and budget curve (plan.ts calculatePlan).
 */
export async function calculate(
  deps: AcquisitionDeps,
  caller: Caller | null,
  input: CalculateInput,
): Promise<CalculateResult> {
  const { kind, ownVpa, dayparts, selection } = await scopeOf(deps, caller, input);
  return calculatePlan({
    kind,
    budget_cents: input.budget_cents,
    spot_length_s: input.spot_length_s,
    dayparts,
    selection,
    own_vpa: ownVpa,
  });
}

/**
 * acquisitionowl_calculate_goals. Steps: 1. as calculate; 2. the cheapest mix reaching the goal
 * (goals.ts optimiseGoal), explained. @throws ValidationError (conversion_rate_pct) for an
 * acquisitions goal without a conversion rate.
 */
export async function calculateGoals(
  deps: AcquisitionDeps,
  caller: Caller | null,
  input: GoalsInput,
): Promise<GoalsResult> {
  const { kind, dayparts, selection } = await scopeOf(deps, caller, input);
  return optimiseGoal({
    kind,
    goal: input.goal,
    target: input.target,
    conversion_rate_pct: input.conversion_rate_pct,
    buyable: selection.buyable,
    notes: [...selection.notes, ...assumptionNotes(input.spot_length_s, dayparts)],
  });
}

/**
 * acquisitionowl_save: keeps the plan on a client the caller may edit (goals_and_objectives and
 * return_calculator of its client_info). @throws NotFound ('Client') when invisible; Forbidden
 * without `edit` (a demo client, a view share).
 */
export async function savePlan(
  deps: AcquisitionDeps,
  caller: Caller,
  input: SavePlanInput,
): Promise<{ client_info: SavedPlan }> {
  const client = await writableClient(deps.companies, caller, input.client_uid);
  const plan: SavedPlan = {
    goals_and_objectives: input.goals_and_objectives,
    return_calculator: input.return_calculator,
  };
  await deps.companies.updateClient(client.client_uid, plan);
  return { client_info: plan };
}
