import type { CalculateResult, PlanLine } from '#shared/contracts/acquisition.schema';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import type { OutletFacts } from './ports';
import {
  airingYield,
  type Buyable,
  CAP_MULTIPLE,
  dollars,
  lineOf,
  monthlyCap,
  PAST_CAP_YIELD,
  rateCents,
  round1,
} from './rates';

/** Points of the budget curve, from {@link CURVE_FROM_PCT}% to {@link CURVE_TO_PCT}% of the budget. */
export const CURVE_POINTS = 10;
export const CURVE_FROM_PCT = 10;
export const CURVE_TO_PCT = 200;

/** The chosen outlets the plan can buy, and sentences naming those left out and why. */
export interface Selection {
  buyable: Buyable[];
  notes: string[];
}

/**
 * The outlets of a plan in the order asked: each needs a known spot rate and an expected yield
 * (airingYield); the others are named in the notes. An id that is no known outlet is named too.
 */
export function selectOutlets(
  ids: readonly string[],
  known: readonly OutletFacts[],
  lengthS: 15 | 30 | 60,
  ownVpa: number | null,
): Selection {
  const byId = new Map(known.map((o) => [o.id, o]));
  const buyable: Buyable[] = [];
  const notes: string[] = [];
  for (const id of new Set(ids)) {
    const outlet = byId.get(id);
    if (!outlet) {
      notes.push(`Outlet ${id} is not in the chosen markets' outlets, so it is left out.`);
      continue;
    }
    const rate = rateCents(outlet, lengthS);
    const y = airingYield(outlet, ownVpa);
    if (rate === null) notes.push(`${outlet.label} has no known spot rate yet, so it is left out.`);
    else if (y === null)
      notes.push(`${outlet.label} has no rating or visits per airing yet, so it is left out.`);
    else buyable.push({ outlet, rate_cents: rate, yield: y, cap: monthlyCap(outlet) });
  }
  return { buyable, notes };
}

/** The assumptions every answer states (spot length factors, the cap and its diminishing returns). */
export function assumptionNotes(lengthS: 15 | 30 | 60, dayparts: readonly string[]): string[] {
  const notes = [
    "Spot rates are the median cost of a 30-second airing in clients' post-logs; a 15-second spot is assumed to cost 0.6 times and a 60-second spot 1.8 times as much.",
    `Each outlet's monthly airings cap is ${CAP_MULTIPLE} × the median airings per advertiser per month there; airings past it are assumed to bring ${PAST_CAP_YIELD * 100}% of the visits (diminishing returns).`,
  ];
  if (lengthS !== 30) notes.push(`Rates shown are for ${lengthS}-second spots.`);
  if (dayparts.length > 0)
    notes.push(
      'Daypart choices narrow the ratings where a daypart rating is published; elsewhere the all-day rating is used.',
    );
  return notes;
}

/**
 * Equal budget per outlet: the budget's cents split evenly, the first (budget mod n) outlets one
 * cent more; each buys floor(its share / its rate) airings. What is left of a share (less than
 * one airing) stays unspent.
 */
export function splitEvenly(budgetCents: number, buyable: readonly Buyable[]): PlanLine[] {
  const n = buyable.length;
  if (n === 0) return [];
  const base = Math.floor(budgetCents / n);
  const extra = budgetCents - base * n;
  return buyable.map((b, i) => lineOf(b, Math.floor((base + (i < extra ? 1 : 0)) / b.rate_cents)));
}

/** Sums of plan lines: airings, spend (integer cents) and visits with their interval. */
export function totals(lines: readonly PlanLine[]) {
  return lines.reduce(
    (t, l) => ({
      airings: t.airings + l.airings,
      spent_cents: t.spent_cents + l.budget_cents,
      visits: t.visits + l.visits,
      visits_low: t.visits_low + l.visits_low,
      visits_high: t.visits_high + l.visits_high,
    }),
    { airings: 0, spent_cents: 0, visits: 0, visits_low: 0, visits_high: 0 },
  );
}

/**
 * The budget curve: {@link CURVE_POINTS} budgets evenly spaced from 10% to 200% of the budget
 * (whole cents, rounded down), each split as {@link splitEvenly}; visits flatten past the
 * outlets' caps.
 */
export function budgetCurve(budgetCents: number, buyable: readonly Buyable[]) {
  const step = (CURVE_TO_PCT - CURVE_FROM_PCT) / (CURVE_POINTS - 1);
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const at = Math.floor((budgetCents * (CURVE_FROM_PCT + step * i)) / 100);
    const t = totals(splitEvenly(at, buyable));
    return {
      budget_cents: at,
      visits: round1(t.visits),
      visits_low: round1(t.visits_low),
      visits_high: round1(t.visits_high),
    };
  });
}

/**
 * acquisitionowl_calculate's arithmetic: the budget split evenly across the usable outlets,
 * the expected airings and visits (interval from the ratings' intervals), cost per visit =
 * spend / visits rounded to the nearest cent (null without visits), and the budget curve.
 * `basis` is own_vpa when the advertiser's own VPA was given.
 */
export function calculatePlan(input: {
  kind: RatingsKind;
  budget_cents: number;
  spot_length_s: 15 | 30 | 60;
  dayparts: readonly string[];
  selection: Selection;
  own_vpa: number | null;
}): CalculateResult {
  const { buyable } = input.selection;
  const lines = splitEvenly(input.budget_cents, buyable);
  const t = totals(lines);
  const notes = [...input.selection.notes, ...assumptionNotes(input.spot_length_s, input.dayparts)];
  const unspent = input.budget_cents - t.spent_cents;
  if (buyable.length === 0) notes.unshift('None of the chosen outlets can be planned yet.');
  else if (unspent > 0)
    notes.push(
      `${dollars(unspent)} of the budget stays unspent: less than one more airing at each outlet.`,
    );
  const visits = round1(t.visits);
  return {
    kind: input.kind,
    budget_cents: input.budget_cents,
    airings: t.airings,
    visits,
    visits_low: round1(t.visits_low),
    visits_high: round1(t.visits_high),
    cost_per_visit_cents: visits > 0 ? Math.round(t.spent_cents / visits) : null,
    basis: input.own_vpa !== null && input.own_vpa > 0 ? 'own_vpa' : 'outlet_vpa',
    own_vpa: input.own_vpa,
    lines,
    curve: budgetCurve(input.budget_cents, buyable),
    notes,
  };
}
