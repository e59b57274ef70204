import type { PlanLine } from '#shared/contracts/acquisition.schema';
import type { OutletFacts } from './ports';

/**
 * The calculator's per-outlet arithmetic: the rate of an airing at a spot length, the visits an
 * airing is expected to bring (and their interval), the monthly airings cap and the visits of a
 * number of airings under it. Pure.
 */

/**
 * Cost of an airing relative to a 30-second one. An assumption (stated in every answer's notes):
 * the post-logs' costs are medians of 30-second airings, and stations price a 15 s spot at about
 * 60% and a 60 s spot at about 180% of a 30 s one.
 */
export const SPOT_LENGTH_FACTORS: Record<15 | 30 | 60, number> = { 15: 0.6, 30: 1, 60: 1.8 };

/**
 * Share of an airing's expected visits that an airing past the monthly cap still brings: the
 * audience has seen the spot already, so returns diminish (an assumption, stated in the notes).
 */
export const PAST_CAP_YIELD = 0.5;

/** The cap is this many times the median airings per advertiser per month at the outlet. */
export const CAP_MULTIPLE = 2;

/**
 * Integer cents of one airing at the spot length: the 30-second median × the length's factor,
 * rounded to the nearest cent (half up). @returns null when the outlet has no known rate.
 */
export function rateCents(outlet: Pick<OutletFacts, 'spot_rate_cents'>, lengthS: 15 | 30 | 60) {
  if (outlet.spot_rate_cents === null || outlet.spot_rate_cents <= 0) return null;
  return Math.round(outlet.spot_rate_cents * SPOT_LENGTH_FACTORS[lengthS]);
}

/** Expected visits of one airing, with its interval (visits per airing, not rounded). */
export interface AiringYield {
  vpa: number;
  low: number;
  high: number;
  /** Which estimate was used: own VPA × rating, or the outlet's median VPA. */
  source: 'own_vpa' | 'outlet_vpa';
}

/**
 * Visits one airing is expected to bring at an outlet.
 * - With the advertiser's own VPA and a rating: own VPA × rating / 100, the interval
 *   own VPA × low / 100 .. own VPA × high / 100 (the rating is relative to an advertiser's own
 *   average response, ratings.schema.ts).
 * - Else the outlet's median VPA; its interval scaled by the rating's (low/rating, high/rating)
 *   when rated, else none (low = high = VPA).
 * The low end never goes below 0: a rating's interval may (visits are signed, so a slot can
 * fall below the baseline), but a plan cannot count on losing visits.
 * @returns null when neither is known or the estimate is not positive (the outlet is left out).
 */
export function airingYield(outlet: OutletFacts, ownVpa: number | null): AiringYield | null {
  const rated = outlet.rating !== null && outlet.rating > 0;
  if (ownVpa !== null && ownVpa > 0 && rated) {
    const r = outlet.rating as number;
    return {
      vpa: (ownVpa * r) / 100,
      low: Math.max(0, (ownVpa * (outlet.rating_low ?? r)) / 100),
      high: (ownVpa * (outlet.rating_high ?? r)) / 100,
      source: 'own_vpa',
    };
  }
  if (outlet.vpa === null || !(outlet.vpa > 0)) return null;
  if (!rated) return { vpa: outlet.vpa, low: outlet.vpa, high: outlet.vpa, source: 'outlet_vpa' };
  const r = outlet.rating as number;
  return {
    vpa: outlet.vpa,
    low: Math.max(0, (outlet.vpa * (outlet.rating_low ?? r)) / r),
    high: (outlet.vpa * (outlet.rating_high ?? r)) / r,
    source: 'outlet_vpa',
  };
}

/**
 * Airings a month past which returns diminish: {@link CAP_MULTIPLE} × the median airings per
 * advertiser per month at the outlet; when the engine gives no median, its airings / advertisers
 * (the mean) stands in. @returns null when unknown (no advertisers): no cap.
 */
export function monthlyCap(outlet: OutletFacts): number | null {
  const median = outlet.median_airings_per_month;
  if (median !== undefined && median !== null && median > 0)
    return Math.max(1, Math.round(CAP_MULTIPLE * median));
  if (outlet.advertisers <= 0 || outlet.airings <= 0) return null;
  return Math.max(1, Math.round((CAP_MULTIPLE * outlet.airings) / outlet.advertisers));
}

/**
 * Airings that count fully: up to the cap all of them, past it each counts
 * {@link PAST_CAP_YIELD} of one.
 */
export function effectiveAirings(airings: number, cap: number | null): number {
  if (cap === null || airings <= cap) return airings;
  return cap + PAST_CAP_YIELD * (airings - cap);
}

/** One outlet the plan can buy: its rate at the plan's length, its yield and cap. */
export interface Buyable {
  outlet: OutletFacts;
  rate_cents: number;
  yield: AiringYield;
  cap: number | null;
}

/** Rounds expected visits for an answer: one decimal. */
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The plan line of `airings` airings at an outlet (visits rounded to one decimal). */
export function lineOf(b: Buyable, airings: number): PlanLine {
  const eff = effectiveAirings(airings, b.cap);
  return {
    outlet_id: b.outlet.id,
    label: b.outlet.label,
    airings,
    budget_cents: airings * b.rate_cents,
    rate_cents: b.rate_cents,
    visits: round1(eff * b.yield.vpa),
    visits_low: round1(eff * b.yield.low),
    visits_high: round1(eff * b.yield.high),
  };
}

/** "$1,234.56" from integer cents (explanations and notes). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1,234.5" for visit counts in sentences. */
export const count = (n: number) => round1(n).toLocaleString('en-US', { maximumFractionDigits: 1 });
