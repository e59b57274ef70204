import type {
  FamilyKpi,
  FamilySection,
  FamilyTableSection,
} from '#shared/contracts/families.schema';
import type { BroadcastRow } from '#shared/contracts/report.schema';
import { formatCents, formatChange, formatRatio } from '#shared/format';
import type { PeriodFigures } from './ports';

/**
 * The figures every client family shows, from report documents of the engine (the same numbers
 * as the report screen): KPI tiles against earlier periods, best and worst stations, the
 * daypart and creative tables, and recommendations in plain words. Pure.
 */

/** A station is ranked best or worst only with at least this many airings (fewer is noise). */
export const MIN_RANK_AIRINGS = 3;
/** How many stations the best and the worst lists hold at most. */
export const RANK_SIZE = 5;
/** A row stands out when its VPA is at least this much above (or below) the period's average. */
export const STAND_OUT = 0.2;

/** The KPI tiles of a broadcast period: visits, airings, VPA, and money when the post-log has costs. */
export function broadcastKpis(
  doc: PeriodFigures | null,
  prev: PeriodFigures | null,
  yoy: PeriodFigures | null,
): FamilyKpi[] {
  const s = doc?.summary;
  const kpi = (
    label: string,
    unit: FamilyKpi['unit'],
    pick: (d: PeriodFigures) => number | null,
  ): FamilyKpi => ({
    label,
    unit,
    value: (doc && pick(doc)) ?? 0,
    prev: prev ? pick(prev) : null,
    yoy: yoy ? pick(yoy) : null,
  });
  const out = [
    kpi('Attributed visits', 'visits', (d) => d.summary.attributed_visits),
    kpi('Airings', 'airings', (d) => d.summary.airings),
    kpi('Visits per airing', 'vpa', (d) => d.summary.vpa),
  ];
  if (s && s.cost_cents !== null) {
    out.push(kpi('Spend', 'cents', (d) => d.summary.cost_cents));
    out.push(kpi('Cost per visit', 'cents', (d) => d.summary.cost_per_visit_cents));
  }
  return out;
}

/** A row as the families' tables show it. */
export function rowOf(r: BroadcastRow, total: number) {
  return {
    label: r.label,
    airings: r.ads,
    visits: r.traffic,
    vpa: r.visitsper,
    share: total > 0 ? Math.max(0, r.traffic) / total : 0,
    cost_per_visit: r.cost_per_visit_cents,
  };
}

const BROADCAST_COLUMNS = (first: string): FamilyTableSection['columns'] => [
  { key: 'label', label: first, unit: 'text' },
  { key: 'airings', label: 'Airings', unit: 'airings' },
  { key: 'visits', label: 'Visits', unit: 'visits' },
  { key: 'vpa', label: 'Visits per airing', unit: 'vpa' },
  { key: 'share', label: 'Share of visits', unit: 'pct' },
  { key: 'cost_per_visit', label: 'Cost per visit', unit: 'cents' },
];

/** A table section of report rows in the given order. */
export function broadcastTable(
  title: string,
  first: string,
  rows: readonly BroadcastRow[],
  total: number,
): FamilyTableSection {
  return {
    kind: 'table',
    title,
    columns: BROADCAST_COLUMNS(first),
    rows: rows.map((r) => rowOf(r, total)),
  };
}

/**
 * The best and worst stations: stations with at least MIN_RANK_AIRINGS airings by visits per
 * airing (ties: more airings first, then name); best = the first half (at most RANK_SIZE),
 * worst = the last RANK_SIZE of the others, worst first.
 */
export function rankStations(rows: readonly BroadcastRow[]): {
  best: BroadcastRow[];
  worst: BroadcastRow[];
} {
  const ranked = rows
    .filter((r) => r.ads >= MIN_RANK_AIRINGS)
    .sort((a, b) => b.visitsper - a.visitsper || b.ads - a.ads || a.label.localeCompare(b.label));
  // A small client splits its stations in two halves; a big one shows five of each.
  const best = ranked.slice(0, Math.min(RANK_SIZE, Math.ceil(ranked.length / 2)));
  const worst = ranked.slice(best.length).slice(-RANK_SIZE).reverse();
  return { best, worst };
}

/** Relative change a -> b as a fraction, null when a is 0 or absent. */
export const changeOf = (before: number | null | undefined, now: number) =>
  before === null || before === undefined || before === 0
    ? null
    : (now - before) / Math.abs(before);

/**
 * Recommendations in plain language, each from the period's own numbers: the best station and
 * the weakest one against the average VPA (only when at least STAND_OUT away), the best
 * daypart, the best creative against the weakest, the VPA and cost-per-visit change against the
 * previous period. When nothing stands out it says to keep the plan.
 */
export function recommendations(
  doc: PeriodFigures,
  prev: PeriodFigures | null,
  prevLabel: string,
): string[] {
  const avg = doc.summary.vpa;
  const out: string[] = [];
  const { best, worst } = rankStations(doc.tables.station ?? []);
  const pctAbove = (v: number) => formatChange(changeOf(avg, v)).replace(/^[+-]/, '');
  const top = best[0];
  if (top && avg > 0 && top.visitsper >= avg * (1 + STAND_OUT)) {
    out.push(
      `Move weight toward ${top.label}: ${formatRatio(top.visitsper)} visits per airing over ${top.ads} airings, ${pctAbove(top.visitsper)} above the average of ${formatRatio(avg)}.`,
    );
  }
  const low = worst[0];
  if (low && avg > 0 && low.visitsper <= avg * (1 - STAND_OUT)) {
    // At or below zero there is no response to compare in percent.
    const how =
      low.visitsper <= 0 ? 'no measurable response' : `${pctAbove(low.visitsper)} below average`;
    out.push(
      `Review ${low.label}: ${formatRatio(low.visitsper)} visits per airing over ${low.ads} airings, ${how}; fewer spots there or another daypart should pay off.`,
    );
  }
  const dayparts = (doc.tables.daypart ?? []).filter((r) => r.ads >= MIN_RANK_AIRINGS);
  const bestDaypart = [...dayparts].sort((a, b) => b.visitsper - a.visitsper)[0];
  if (
    bestDaypart &&
    dayparts.length > 1 &&
    avg > 0 &&
    bestDaypart.visitsper >= avg * (1 + STAND_OUT)
  ) {
    out.push(
      `${bestDaypart.label} brings the most visits per airing (${formatRatio(bestDaypart.visitsper)}); schedule more airings there.`,
    );
  }
  const creatives = (doc.tables.creative ?? [])
    .filter((r) => r.ads >= MIN_RANK_AIRINGS)
    .sort((a, b) => b.visitsper - a.visitsper);
  const c1 = creatives[0];
  const c2 = creatives[creatives.length - 1];
  if (c1 && c2 && c1 !== c2 && c2.visitsper < c1.visitsper * (1 - STAND_OUT)) {
    out.push(
      `Creative ${c1.label} outperforms ${c2.label} (${formatRatio(c1.visitsper)} against ${formatRatio(c2.visitsper)} visits per airing): rotate toward ${c1.label}.`,
    );
  }
  const vpaChange = changeOf(prev?.summary.vpa, avg);
  if (vpaChange !== null && Math.abs(vpaChange) >= 0.1) {
    out.push(
      vpaChange > 0
        ? `Visits per airing rose ${formatChange(vpaChange).slice(1)} against ${prevLabel}: keep what changed.`
        : `Visits per airing fell ${formatChange(vpaChange).slice(1)} against ${prevLabel}: check which stations and dayparts lost response before renewing.`,
    );
  }
  const cpv = doc.summary.cost_per_visit_cents;
  const cpvChange = changeOf(prev?.summary.cost_per_visit_cents, cpv ?? 0);
  if (cpv !== null && cpvChange !== null && Math.abs(cpvChange) >= 0.1) {
    out.push(
      `Each visit cost ${formatCents(cpv)}, ${cpvChange > 0 ? 'up' : 'down'} ${formatChange(cpvChange).slice(1)} on ${prevLabel}.`,
    );
  }
  if (out.length === 0) {
    out.push(
      'Keep the current plan: no station, daypart or creative stands out from the average response.',
    );
  }
  return out;
}

/** The headline of the executive page: visits and airings, and the change against before. */
export function headline(
  doc: PeriodFigures | null,
  prev: PeriodFigures | null,
  periodLabel: string,
  prevLabel: string,
): string {
  if (!doc) return `No airings in ${periodLabel}.`;
  const visits = Math.round(Math.max(0, doc.summary.attributed_visits)).toLocaleString('en-US');
  const change = changeOf(prev?.summary.attributed_visits, doc.summary.attributed_visits);
  const against = change === null ? '' : `, ${formatChange(change)} against ${prevLabel}`;
  return `${visits} attributed visits from ${doc.summary.airings.toLocaleString('en-US')} airings in ${periodLabel}${against}.`;
}

/** Keeps only sections that have something to show. */
export const nonEmpty = (sections: FamilySection[]) =>
  sections.filter((s) => s.kind !== 'table' || s.rows.length > 0);
