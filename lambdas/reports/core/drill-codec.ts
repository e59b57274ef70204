import type { ReportSummary } from '#shared/contracts/report.schema';
import type { ScoredAiring } from '../../attribution/core/report';
import type { Airing, StationType } from '../../attribution/core/types';

/**
 * What drill-downs re-aggregate (spec §7 fetch_drilldowns), stored with each report at
 * `reports/<client_uid>/<report_id>/drill.json` (keys.ts drillKey): every attributed airing of
 * the report and comparison periods with its verdict. Compact: one tuple per airing, repeated
 * strings (markets, zones, stations, programs, creatives) interned in a per-period table.
 */
export interface DrillDocument {
  version: 1;
  main: DrillPeriod;
  /** The comparison period; null when the report has none (or it had no airings). */
  compare: DrillPeriod | null;
}

/** One period: its campaign summary, the string table and parallel airing/verdict tuples. */
export interface DrillPeriod {
  /** The period's summary (drill views keep its total visits, on/off-air rates and φ). */
  summary: ReportSummary;
  strings: string[];
  airings: AiringTuple[];
  results: ResultTuple[];
}

/**
 * [id, startUtc (epoch s), market, tz, station, stationType, network, program, cableZone,
 * creative, lengthS (s), costCents, impressions]; string fields are indexes into `strings`,
 * -1 for null.
 */
export type AiringTuple = [
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
];

/**
 * [observed, expected, attributed, pValue, ciLow, ciHigh, flags (1 significant, 2 directional),
 * dispersion φ, postObserved, postExpected]; visits are counts over the airing's window.
 */
export type ResultTuple = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Encodes one period's scored airings (pairResults order) with its summary. */
export function encodeDrillPeriod(
  scored: readonly ScoredAiring[],
  summary: ReportSummary,
): DrillPeriod {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const id = (v: string | null): number => {
    if (v === null) return -1;
    let k = index.get(v);
    if (k === undefined) {
      k = strings.push(v) - 1;
      index.set(v, k);
    }
    return k;
  };
  const airings: AiringTuple[] = [];
  const results: ResultTuple[] = [];
  for (const { airing: a, result: r } of scored) {
    airings.push([
      a.id,
      a.startUtc,
      id(a.market),
      id(a.tz),
      id(a.station),
      id(a.stationType),
      id(a.network),
      id(a.program),
      id(a.cableZone),
      id(a.creative),
      a.lengthS,
      a.costCents,
      a.impressions,
    ]);
    results.push([
      r.observed,
      r.expected,
      r.attributed,
      r.pValue,
      r.ciLow,
      r.ciHigh,
      (r.significant ? 1 : 0) | (r.directional ? 2 : 0),
      r.dispersion ?? 1,
      r.postObserved ?? 0,
      r.postExpected ?? 0,
    ]);
  }
  return { summary, strings, airings, results };
}

/** Inverse of {@link encodeDrillPeriod}: the scored airings, in stored order. */
export function decodeDrillPeriod(period: DrillPeriod): ScoredAiring[] {
  const { strings } = period;
  const str = (k: number): string | null => (k < 0 ? null : (strings[k] ?? null));
  return period.airings.map((t, i) => {
    const r = period.results[i] as ResultTuple;
    const airing: Airing = {
      id: t[0],
      startUtc: t[1],
      market: str(t[2]) ?? '',
      tz: str(t[3]) ?? 'UTC',
      station: str(t[4]) ?? '',
      stationType: (str(t[5]) ?? 'tv') as StationType,
      network: str(t[6]),
      program: str(t[7]),
      cableZone: str(t[8]),
      creative: str(t[9]),
      lengthS: t[10],
      costCents: t[11],
      impressions: t[12],
    };
    return {
      airing,
      result: {
        airingId: airing.id,
        observed: r[0],
        expected: r[1],
        attributed: r[2],
        pValue: r[3],
        ciLow: r[4],
        ciHigh: r[5],
        significant: (r[6] & 1) === 1,
        directional: (r[6] & 2) === 2,
        dispersion: r[7],
        postObserved: r[8],
        postExpected: r[9],
      },
    };
  });
}
