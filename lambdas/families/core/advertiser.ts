import type { FamilyDocument } from '#shared/contracts/families.schema';
import {
  addCents,
  type ClientPeriodStats,
  costPerVisitOf,
  type FamilyPeriod,
  sumBy,
  vpaOf,
  wholeVisits,
} from './org-rollup-stats';

/**
 * The advertiser report (advertiser_report_generate; spec §1 report families, §7): one
 * advertiser across every station and market a rep's organisation carries it on. An advertiser
 * may be held by several client records (one per organisation or sub-organisation of the
 * rep); the caller's visible records of that advertiser are added together.
 */

/** One client record of the advertiser, with the organisation holding it. */
export interface AdvertiserRecord {
  org_name: string;
  stats: ClientPeriodStats;
}

/** What the advertiser report is built from. */
export interface AdvertiserInput {
  advertiser: string;
  period: FamilyPeriod;
  records: readonly AdvertiserRecord[];
  /** The market's name for a DMA code (NATIONAL -> "National"); the code when unknown. */
  marketName: (code: string) => string;
}

const figures = (a: { airings: number; visits: number; cost_cents: number | null }) => ({
  airings: a.airings,
  visits: wholeVisits(a.visits),
  vpa: vpaOf(a.visits, a.airings),
  cost_per_visit: costPerVisitOf(a.cost_cents, a.visits),
});

const FIGURE_COLUMNS = [
  { key: 'airings', label: 'Airings', unit: 'airings' },
  { key: 'visits', label: 'Visits', unit: 'visits' },
  { key: 'vpa', label: 'VPA', unit: 'vpa' },
  { key: 'cost_per_visit', label: 'Cost per visit', unit: 'cents' },
] as const;

const byVpa = (
  a: [string, { airings: number; visits: number }],
  b: [string, { airings: number; visits: number }],
) =>
  vpaOf(b[1].visits, b[1].airings) - vpaOf(a[1].visits, a[1].airings) ||
  b[1].visits - a[1].visits ||
  a[0].localeCompare(b[0]);

/**
 * Builds the advertiser report.
 * Steps: 1. every station row of every record, summed per station and market, per market and
 * per organisation; 2. tables ranked by VPA then visits; 3. KPIs (airings, visits, VPA, cost per
 * visit, stations, markets) and the executive page naming the best station and market.
 */
export function buildAdvertiserDocument(input: AdvertiserInput): FamilyDocument {
  const rows = input.records.flatMap((r) => r.stats.stations).filter((s) => s.airings > 0);
  const stations = [...sumBy(rows, (s) => `${s.station}\u0000${s.market}`)].sort(byVpa);
  const markets = [...sumBy(rows, (s) => s.market)].sort(byVpa);
  const orgs = new Map<string, { airings: number; visits: number; cost_cents: number | null }>();
  for (const r of input.records) {
    const acc = orgs.get(r.org_name) ?? { airings: 0, visits: 0, cost_cents: null };
    acc.airings += r.stats.airings;
    acc.visits += r.stats.visits;
    acc.cost_cents = addCents(acc.cost_cents, r.stats.cost_cents);
    orgs.set(r.org_name, acc);
  }
  const total = [...orgs.values()].reduce(
    (s, o) => ({
      airings: s.airings + o.airings,
      visits: s.visits + o.visits,
      cost_cents: addCents(s.cost_cents, o.cost_cents),
    }),
    { airings: 0, visits: 0, cost_cents: null as number | null },
  );
  const distinctStations = new Set(rows.map((s) => s.station)).size;
  const bestStation = stations[0];
  const bestMarket = markets[0];
  const cpv = costPerVisitOf(total.cost_cents, total.visits);
  return {
    kind: 'advertiser',
    title: input.advertiser,
    subtitle: 'Every station and market your organisation carries it on',
    period: { ...input.period },
    kpis: [
      { label: 'Airings', value: total.airings, unit: 'airings' },
      { label: 'Visits', value: wholeVisits(total.visits), unit: 'visits' },
      { label: 'Visits per airing', value: vpaOf(total.visits, total.airings), unit: 'vpa' },
      ...(cpv === null ? [] : [{ label: 'Cost per visit', value: cpv, unit: 'cents' as const }]),
      { label: 'Stations', value: distinctStations, unit: 'count' },
      { label: 'Markets', value: markets.length, unit: 'count' },
    ],
    sections: [
      {
        kind: 'table',
        title: 'Stations by visits per airing',
        columns: [
          { key: 'station', label: 'Station', unit: 'text' },
          { key: 'market', label: 'Market', unit: 'text' },
          ...FIGURE_COLUMNS,
        ],
        rows: stations.map(([key, a]) => {
          const [station = '', market = ''] = key.split('\u0000');
          return { station, market: input.marketName(market), ...figures(a) };
        }),
      },
      {
        kind: 'table',
        title: 'Markets',
        columns: [{ key: 'market', label: 'Market', unit: 'text' }, ...FIGURE_COLUMNS],
        rows: markets.map(([m, a]) => ({ market: input.marketName(m), ...figures(a) })),
      },
      {
        kind: 'table',
        title: 'Organisations carrying it',
        columns: [{ key: 'organisation', label: 'Organisation', unit: 'text' }, ...FIGURE_COLUMNS],
        rows: [...orgs].sort(byVpa).map(([o, a]) => ({ organisation: o, ...figures(a) })),
      },
    ],
    executive: {
      headline:
        total.airings > 0
          ? `${input.advertiser} drew ${wholeVisits(total.visits).toLocaleString('en-US')} visits from ${total.airings.toLocaleString('en-US')} airings on ${distinctStations} ${distinctStations === 1 ? 'station' : 'stations'} in ${input.period.label}.`
          : `${input.advertiser} had no airings in ${input.period.label}.`,
      bullets: [
        ...(bestStation
          ? [
              `Best station: ${bestStation[0].split('\u0000')[0]} in ${input.marketName(bestStation[0].split('\u0000')[1] ?? '')}, ${vpaOf(bestStation[1].visits, bestStation[1].airings)} visits per airing.`,
            ]
          : []),
        ...(bestMarket
          ? [
              `Best market: ${input.marketName(bestMarket[0])}, ${vpaOf(bestMarket[1].visits, bestMarket[1].airings)} visits per airing.`,
            ]
          : []),
        ...(cpv === null ? [] : [`Cost per visit: $${(cpv / 100).toFixed(2)}.`]),
      ],
    },
  };
}
