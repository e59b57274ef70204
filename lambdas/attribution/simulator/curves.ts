import { DAYPARTS } from '../core/dayparts';

/**
 * Shapes of the simulated traffic (method note §5.4 scenario 1): a diurnal curve per local hour,
 * a weekly curve, the response profile of one airing and daypart multipliers of the effect.
 */

/** Relative traffic by local hour 0..23 (mean ≈ 1): quiet nights, a daytime plateau, an evening peak. */
export const DIURNAL = [
  0.35, 0.22, 0.15, 0.12, 0.12, 0.2, 0.45, 0.75, 1.0, 1.15, 1.2, 1.25, 1.3, 1.25, 1.2, 1.2, 1.25,
  1.35, 1.5, 1.65, 1.75, 1.7, 1.3, 0.75,
];

/** Relative traffic by ISO weekday 1..7 (index 0 = Monday). */
export const WEEKLY = [1.05, 1.08, 1.06, 1.04, 0.97, 0.88, 0.92];

/**
 * Share of an airing's response in minute 0..7 after the start minute: peak in minute 1,
 * 96% within the first 5 minutes, nothing after minute 7 (inside the 8-minute window).
 */
export const RESPONSE_PROFILE = [0.25, 0.36, 0.2, 0.1, 0.05, 0.02, 0.012, 0.008];

/**
 * Share of an airing's late response (the "tail", after the 8-minute window) in minute 0..59
 * after the window's end: halving every 10 minutes, summing to 1, so a tail reaches about an
 * hour past the airing (what hourly data see and a minute window does not).
 */
export const TAIL_PROFILE: readonly number[] = (() => {
  const raw = Array.from({ length: 60 }, (_, i) => 0.5 ** (i / 10));
  const sum = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v / sum);
})();

/** Effect multiplier per daypart key of DAYPARTS (prime and drive time respond best). */
export const DAYPART_EFFECT: Record<string, number> = {
  'tv:early_morning': 0.8,
  'tv:daytime': 1.0,
  'tv:early_fringe': 1.1,
  'tv:early_news': 1.2,
  'tv:prime_access': 1.3,
  'tv:prime': 1.6,
  'tv:late_news': 1.2,
  'tv:late_fringe': 0.8,
  'tv:overnight': 0.3,
  'radio:morning_drive': 1.4,
  'radio:midday': 1.0,
  'radio:afternoon_drive': 1.2,
  'radio:evening': 0.7,
  'radio:overnight': 0.3,
};

for (const d of DAYPARTS) {
  if (DAYPART_EFFECT[d.key] === undefined) throw new Error(`DAYPART_EFFECT lacks ${d.key}`);
}

/** Diurnal × weekly factor at a local minute of day (linear between hour centres) and ISO weekday. */
export function trafficShape(minuteOfDay: number, weekday: number): number {
  const h = minuteOfDay / 60 - 0.5;
  const h0 = Math.floor(h);
  const f = h - h0;
  const a = DIURNAL[(h0 + 24) % 24] as number;
  const b = DIURNAL[(h0 + 25) % 24] as number;
  return (a + (b - a) * f) * (WEEKLY[weekday - 1] as number);
}
