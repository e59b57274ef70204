import {
  buildReportTables,
  buildSummary,
  pairResults,
} from '../../../lambdas/attribution/core/report';
import type {
  Airing,
  AiringResult,
  AttributionResult,
  CampaignSummary,
} from '../../../lambdas/attribution/core/types';
import { type DrillDocument, encodeDrillPeriod } from '../../../lambdas/reports/core/drill-codec';
import { drillKey } from '../../../lambdas/reports/core/keys';
import type { ReportStore } from '../../../lambdas/reports/core/ports';
import { airing } from './fakes';

const MAR4 = Date.UTC(2024, 2, 4) / 1000;
const H = 3600;

/** A report airing: `over` on top of fakes.ts airing (WABC, tv, News, SPOT-A, $100). */
function spot(id: string, startUtc: number, over: Partial<Airing>): Airing {
  return { ...airing(id, startUtc), ...over };
}

/**
 * A report's airings (New York, EST; 14:00Z = 09:00 Daytime, 23:00Z = 18:00 Early News, 01:00Z next
 * day = 20:00 Prime): WABC News and Sports, WXYZ Movie, a podcast with downloads and a CTV
 * station with impressions, each with signed attributed visits.
 */
export const DRILL_AIRINGS: Array<[Airing, number]> = [
  [spot('1', MAR4 + 14 * H, { station: 'WABC', program: 'News' }), 12],
  [spot('2', MAR4 + 23 * H, { station: 'WABC', program: 'Sports' }), 6],
  [spot('3', MAR4 + 25 * H, { station: 'WABC', program: 'News' }), -2],
  [spot('4', MAR4 + 14 * H + 600, { station: 'WXYZ', program: 'Movie', costCents: null }), 4],
  [spot('5', MAR4 + 25 * H, { station: 'WXYZ', program: 'Movie' }), 8],
  [
    spot('6', MAR4 + 15 * H, {
      station: 'Sleep Talk',
      stationType: 'podcast',
      program: 'Sleep Talk',
      impressions: 2500,
    }),
    5,
  ],
  [
    spot('7', MAR4 + 16 * H, { station: 'Roku', stationType: 'streaming', impressions: 50_000 }),
    10,
  ],
];

/** A verdict with attributed visits `a` over an expectation of 20. */
export function verdict(id: string, a: number, significant = a >= 8): AiringResult {
  return {
    airingId: id,
    observed: 20 + a,
    expected: 20,
    attributed: a,
    pValue: significant ? 0.01 : 0.4,
    ciLow: a - 9,
    ciHigh: a + 9,
    significant,
    directional: false,
    dispersion: 1.5,
    postObserved: 0,
    postExpected: 0,
  };
}

/** The campaign summary of a period (website-wide figures invented, sums from the verdicts). */
export function campaignOf(results: AiringResult[]): CampaignSummary {
  const sum = (f: (r: AiringResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    airings: results.length,
    totalVisits: 30_000,
    attributedVisits: sum((r) => r.attributed),
    observedVisits: sum((r) => r.observed),
    expectedVisits: sum((r) => r.expected),
    liftShare: sum((r) => r.attributed) / 30_000,
    relativeLift: sum((r) => r.attributed) / sum((r) => r.expected),
    relativeLiftLow: 0,
    onAirPerMinute: 3,
    offAirPerMinute: 2,
    onAirPerDay: 4000,
    offAirPerDay: 3500,
    costCents: 60_000,
    significantAirings: results.filter((r) => r.significant).length,
    dispersion: 1.5,
  };
}

/** The engine result of {@link DRILL_AIRINGS}. */
export function drillResult(rows = DRILL_AIRINGS): AttributionResult {
  const airings = rows.map(([a, v]) => verdict(a.id, v));
  return { resolution: 'minute', windowMinutes: 8, airings, campaign: campaignOf(airings) };
}

/** The unfiltered tables of the fixture report (what the report screen shows). */
export function unfilteredTables(rows = DRILL_AIRINGS) {
  return buildReportTables(
    rows.map(([a]) => a),
    drillResult(rows),
  );
}

/**
 * Stores the fixture's drill data for `clientUid`/`reportId`; the comparison period holds the
 * WABC airings only (one week earlier) unless `withCompare` is false.
 */
export async function storeDrill(
  store: ReportStore,
  clientUid: string,
  reportId: string,
  withCompare = true,
): Promise<DrillDocument> {
  const airings = DRILL_AIRINGS.map(([a]) => a);
  const result = drillResult();
  const earlier: Array<[Airing, number]> = DRILL_AIRINGS.filter(([a]) => a.station === 'WABC').map(
    ([a, v]) => [{ ...a, id: `c${a.id}`, startUtc: a.startUtc - 7 * 86_400 }, v / 2],
  );
  const cmp = drillResult(earlier);
  const doc: DrillDocument = {
    version: 1,
    main: encodeDrillPeriod(pairResults(airings, result), buildSummary(result.campaign)),
    compare: withCompare
      ? encodeDrillPeriod(
          pairResults(
            earlier.map(([a]) => a),
            cmp,
          ),
          buildSummary(cmp.campaign),
        )
      : null,
  };
  await store.putJson(drillKey(clientUid, reportId), doc);
  return doc;
}
