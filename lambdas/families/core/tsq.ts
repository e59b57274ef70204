import type { FamilyDocument } from '#shared/contracts/families.schema';
import {
  addCents,
  costPerVisitOf,
  type FamilyPeriod,
  type StationStats,
  vpaOf,
  wholeVisits,
} from './org-rollup-stats';

/**
 * The station month (monthly_tsq_report_generate; spec §1 report families, §7): one station's
 * month across its advertisers, for station owners and reps. Only the advertisers the caller
 * may see are named; the others are never named.
 */

/**
 * Fewest advertisers the caller cannot see that may be shown together as one "Other advertisers"
 * row (and counted in the totals). With one, the row would be that advertiser; with two, either
 * one's own figures would give away the other's. Below this they are left out of every figure
 * and the document says so. Same floor as the industry benchmarks' peers.
 */
export const MIN_OTHER_ADVERTISERS = 3;

/** One advertiser's figures on the station over the month (summed over markets). */
export interface TsqAdvertiser {
  name: string;
  airings: number;
  visits: number;
  cost_cents: number | null;
}

/** What the station month is built from. */
export interface TsqInput {
  /** Call sign, upper-case. */
  station: string;
  period: FamilyPeriod;
  /** Advertisers the caller may see with airings on the station in the month. */
  visible: readonly TsqAdvertiser[];
  /** Figures of each advertiser the caller may NOT see (numbers only, never a name). */
  hidden: ReadonlyArray<Pick<TsqAdvertiser, 'airings' | 'visits' | 'cost_cents'>>;
}

/** Sums an advertiser's station rows (every market) into one figure. */
export function tsqAdvertiser(name: string, rows: readonly StationStats[]): TsqAdvertiser {
  let airings = 0;
  let visits = 0;
  let cost: number | null = null;
  for (const r of rows) {
    airings += r.airings;
    visits += r.visits;
    cost = addCents(cost, r.cost_cents);
  }
  return { name, airings, visits, cost_cents: cost };
}

/** Highest VPA first, then more visits, then name: the ranking of the advertisers table. */
export function rankAdvertisers(rows: readonly TsqAdvertiser[]): TsqAdvertiser[] {
  return [...rows].sort(
    (a, b) =>
      vpaOf(b.visits, b.airings) - vpaOf(a.visits, a.airings) ||
      b.visits - a.visits ||
      a.name.localeCompare(b.name),
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Builds the station month.
 * Steps: 1. keep advertisers with airings; 2. rank the visible ones by VPA then visits;
 * 3. the hidden ones become one "Other advertisers" row and count in the totals only when there
 * are at least MIN_OTHER_ADVERTISERS of them, else they are left out and a note says how many;
 * 4. KPIs (airings, visits, VPA, advertisers shown), the table, the note and the executive page.
 * Visits are shown whole; VPA to 2 decimals; cost per visit in integer cents.
 */
export function buildTsqDocument(input: TsqInput): FamilyDocument {
  const visible = rankAdvertisers(input.visible.filter((a) => a.airings > 0));
  const hidden = input.hidden.filter((a) => a.airings > 0);
  const pooled = hidden.length >= MIN_OTHER_ADVERTISERS;
  const other = pooled ? tsqAdvertiser('', hidden.map(asRow)) : null;
  const counted = other ? [...visible, other] : visible;
  const airings = counted.reduce((s, a) => s + a.airings, 0);
  const visits = counted.reduce((s, a) => s + a.visits, 0);
  const row = (rank: number | null, a: TsqAdvertiser, label: string) => ({
    rank,
    advertiser: label,
    airings: a.airings,
    visits: wholeVisits(a.visits),
    vpa: vpaOf(a.visits, a.airings),
    share: visits > 0 ? a.visits / visits : 0,
    cost_per_visit: costPerVisitOf(a.cost_cents, a.visits),
  });
  const rows = visible.map((a, i) => row(i + 1, a, a.name));
  if (other) rows.push(row(null, other, `Other advertisers (${hidden.length})`));
  const note = pooled
    ? `${plural(hidden.length, 'advertiser', 'advertisers')} on ${input.station} that you cannot open ${hidden.length === 1 ? 'is' : 'are'} shown together as "Other advertisers" and counted in the totals; none is named.`
    : hidden.length > 0
      ? `${plural(hidden.length, 'other advertiser', 'other advertisers')} aired on ${input.station} this month. ${hidden.length === 1 ? 'It is' : 'They are'} left out of every figure here: fewer than ${MIN_OTHER_ADVERTISERS} shown together would give away ${hidden.length === 1 ? 'its' : 'their'} numbers.`
      : `Every advertiser that aired on ${input.station} this month is shown.`;
  const best = visible[0];
  return {
    kind: 'monthly_tsq',
    title: input.station,
    subtitle: 'Station month across its advertisers',
    period: { ...input.period },
    kpis: [
      { label: 'Airings', value: airings, unit: 'airings' },
      { label: 'Visits', value: wholeVisits(visits), unit: 'visits' },
      { label: 'Visits per airing', value: vpaOf(visits, airings), unit: 'vpa' },
      { label: 'Advertisers shown', value: visible.length, unit: 'count' },
    ],
    sections: [
      {
        kind: 'table',
        title: 'Advertisers by visits per airing',
        columns: [
          // The name first: the printed table reads its first column as the row's label.
          { key: 'advertiser', label: 'Advertiser', unit: 'text' },
          { key: 'rank', label: 'Rank', unit: 'count' },
          { key: 'airings', label: 'Airings', unit: 'airings' },
          { key: 'visits', label: 'Visits', unit: 'visits' },
          { key: 'vpa', label: 'VPA', unit: 'vpa' },
          { key: 'share', label: 'Share of visits', unit: 'pct' },
          { key: 'cost_per_visit', label: 'Cost per visit', unit: 'cents' },
        ],
        rows,
      },
      { kind: 'text', title: 'Who is included', paragraphs: [note] },
    ],
    executive: {
      headline:
        airings > 0
          ? `${input.station} brought ${wholeVisits(visits).toLocaleString('en-US')} visits from ${airings.toLocaleString('en-US')} airings in ${input.period.label}.`
          : `${input.station} had no airings you can see in ${input.period.label}.`,
      bullets: [
        ...(best
          ? [
              `Best response: ${best.name}, ${vpaOf(best.visits, best.airings)} visits per airing over ${plural(best.airings, 'airing', 'airings')}.`,
            ]
          : []),
        `${plural(visible.length, 'advertiser', 'advertisers')} shown.`,
        note,
      ],
    },
  };
}

function asRow(a: Pick<TsqAdvertiser, 'airings' | 'visits' | 'cost_cents'>): StationStats {
  return { station: '', market: '', ...a };
}
