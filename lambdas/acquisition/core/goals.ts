import type { GoalsResult, PlanLine } from '#shared/contracts/acquisition.schema';
import type { RatingsKind } from '#shared/contracts/ratings.schema';
import { ValidationError } from '#shared/errors';
import { totals } from './plan';
import { type Buyable, count, dollars, lineOf, round1 } from './rates';

/**
 * acquisitionowl_calculate_goals: the cheapest mix of airings that reaches a visits goal (or an
 * acquisitions goal, turned into visits by the conversion rate), explained step by step.
 *
 * It is a fractional knapsack with per-outlet caps: each outlet sells airings at a fixed cost per
 * expected visit (rate / visits per airing) up to its monthly cap (airings past it bring fewer
 * visits, so the plan does not count on them). Taking the cheapest cost per visit first is
 * optimal for the fractional problem; the plan buys whole airings, so the last outlet's count is
 * rounded up (at most one airing's cost above the fractional optimum). An outlet without a known
 * cap has no limit. When even every outlet at its cap falls short the answer is `feasible: false`
 * with that maximum.
 */

/** Cost of one expected visit at an outlet, cents (not rounded: ordering only). */
const costPerVisit = (b: Buyable) => b.rate_cents / b.yield.vpa;

/** A tiny tolerance for float sums of visits (visits are shown to one decimal). */
const EPS = 1e-9;

/**
 * The goal in visits: `target` itself, or target ÷ (conversion rate / 100) for acquisitions.
 * @throws ValidationError (conversion_rate_pct) for an acquisitions goal without a rate.
 */
export function visitsNeeded(input: {
  goal: 'visits' | 'acquisitions';
  target: number;
  conversion_rate_pct?: number | undefined;
}): number {
  if (input.goal === 'visits') return input.target;
  if (input.conversion_rate_pct === undefined)
    throw new ValidationError(
      'conversion_rate_pct: needed to turn an acquisitions goal into visits',
      'conversion_rate_pct',
    );
  return input.target / (input.conversion_rate_pct / 100);
}

/**
 * Steps: 1. order the usable outlets by cost per visit (cheapest first, then by label); 2. from
 * each take the airings still needed (rounded up), at most its cap; 3. stop when the goal is met;
 * 4. answer the lines, their spend and visits, and one sentence per step.
 */
export function optimiseGoal(input: {
  kind: RatingsKind;
  goal: 'visits' | 'acquisitions';
  target: number;
  conversion_rate_pct?: number | undefined;
  buyable: readonly Buyable[];
  notes: readonly string[];
}): GoalsResult {
  const needed = visitsNeeded(input);
  const conv = input.conversion_rate_pct;
  const acquisitionsOf = (v: number) => (conv === undefined ? null : round1((v * conv) / 100));
  const order = [...input.buyable].sort(
    (a, b) => costPerVisit(a) - costPerVisit(b) || a.outlet.label.localeCompare(b.outlet.label),
  );
  const explanation: string[] = [
    input.goal === 'visits'
      ? `Goal: ${count(needed)} visits.`
      : `Goal: ${count(input.target)} acquisitions, which at a ${conv}% conversion rate takes ${count(needed)} visits.`,
    ...input.notes,
  ];
  if (order.length === 0) {
    explanation.push(
      'No chosen outlet has both a spot rate and expected visits, so no plan can reach the goal.',
    );
    return {
      kind: input.kind,
      feasible: false,
      budget_cents: 0,
      visits: 0,
      acquisitions: acquisitionsOf(0),
      lines: [],
      explanation,
    };
  }
  explanation.push(
    `Outlets are taken cheapest cost per expected visit first: ${order
      .map((b) => `${b.outlet.label} ${dollars(Math.round(costPerVisit(b)))}`)
      .join(', ')}.`,
  );
  const lines: PlanLine[] = [];
  let got = 0;
  for (const b of order) {
    const remaining = needed - got;
    if (remaining <= EPS) break;
    const want = Math.ceil(remaining / b.yield.vpa - EPS);
    const airings = b.cap === null ? want : Math.min(want, b.cap);
    const line = lineOf(b, airings);
    got += airings * b.yield.vpa;
    lines.push(line);
    const capped = b.cap !== null && airings < want;
    explanation.push(
      `${b.outlet.label}: ${airings} airings at ${dollars(b.rate_cents)} each (${count(b.yield.vpa)} visits per airing) cost ${dollars(line.budget_cents)} for ${count(line.visits)} visits${capped ? `; that is its cap of ${b.cap} airings a month` : ''}.`,
    );
  }
  const t = totals(lines);
  const feasible = got + EPS >= needed;
  explanation.push(
    feasible
      ? `The goal is reached with ${dollars(t.spent_cents)} for ${count(t.visits)} expected visits.`
      : `Even every chosen outlet at its monthly cap reaches only ${count(t.visits)} visits${conv === undefined ? '' : ` (${count((t.visits * conv) / 100)} acquisitions)`} for ${dollars(t.spent_cents)}, short of the goal: add outlets or markets.`,
  );
  return {
    kind: input.kind,
    feasible,
    budget_cents: t.spent_cents,
    visits: round1(t.visits),
    acquisitions: acquisitionsOf(t.visits),
    lines,
    explanation,
  };
}
