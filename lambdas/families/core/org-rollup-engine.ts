import type { ClientRecord } from '#shared/companies/companies';
import type { ScoredAiring } from '../../attribution/core/report';
import { pairResults } from '../../attribution/core/report';
import { reportRange } from '../../reports/core/dates';
import { DEFAULT_WINDOW_MINUTES } from '../../reports/core/params';
import type { QueryEngine, ReportEngine } from '../../reports/core/ports';
import { BASELINE_WEEKS, TAIL_S } from '../../reports/core/steps';
import {
  type ClientPeriodStats,
  type FamilyPeriod,
  type PeriodStatsSource,
  type StationStats,
  sumBy,
} from './org-rollup-stats';

const HISTORY_S = BASELINE_WEEKS * 7 * 86_400;

/**
 * A client's figures from its airings' own verdicts: per station (upper-case) and market (DMA
 * code, NATIONAL when none) the airings, the signed attributed visits and the known spend.
 * Totals are the sums of the rows. Pure.
 */
export function statsFromScored(
  clientUid: string,
  scored: readonly ScoredAiring[],
): ClientPeriodStats {
  const cells = new Map<string, StationStats>();
  for (const { airing, result } of scored) {
    const station = airing.station.toUpperCase();
    const market = airing.market || 'NATIONAL';
    const key = `${station}\u0000${market}`;
    const cell = cells.get(key) ?? { station, market, airings: 0, visits: 0, cost_cents: null };
    cell.airings += 1;
    cell.visits += result.attributed;
    if (airing.costCents !== null) cell.cost_cents = (cell.cost_cents ?? 0) + airing.costCents;
    cells.set(key, cell);
  }
  const stations = [...cells.values()].sort(
    (a, b) => a.station.localeCompare(b.station) || a.market.localeCompare(b.market),
  );
  const total = sumBy(stations, () => 'all').get('all');
  return {
    client_uid: clientUid,
    airings: total?.airings ?? 0,
    visits: total?.visits ?? 0,
    cost_cents: total?.cost_cents ?? null,
    stations,
  };
}

/**
 * The organisation families' figures from the report engine over the lake, in-process (the same
 * attribution as the report screen, as the client families' period runs: no report job, nothing
 * counted against the free reports). Per client: 1. the period's airings (none: zeros);
 * 2. minute visits when the period has any, else hourly (none: zeros, as nothing can be
 * attributed); 3. the client's visits metric from BASELINE_WEEKS before to TAIL_S after;
 * 4. attribution with the default window; 5. statsFromScored.
 */
export function engineStats(deps: { query: QueryEngine; engine: ReportEngine }): PeriodStatsSource {
  return {
    async statsOf(client: ClientRecord, period: FamilyPeriod): Promise<ClientPeriodStats> {
      const uid = client.client_uid;
      const main = reportRange(period.start, period.end);
      const airings = await deps.query.extractAirings(uid, main.fromUtc, main.toUtc);
      if (airings.length === 0) return statsFromScored(uid, []);
      const resolution = (await deps.query.hasVisits(uid, 'minute', main.fromUtc, main.toUtc))
        ? 'minute'
        : (await deps.query.hasVisits(uid, 'hour', main.fromUtc, main.toUtc))
          ? 'hour'
          : null;
      if (!resolution) return statsFromScored(uid, []);
      const method = client.attribution_method ?? 'sessions';
      const visits = deps.engine.buildVisitData(
        await deps.query.extractVisits(
          uid,
          resolution,
          main.fromUtc - HISTORY_S,
          main.toUtc + TAIL_S,
          method,
        ),
        resolution,
      );
      const result = await deps.engine.attribute(airings, visits, {
        windowMinutes: DEFAULT_WINDOW_MINUTES,
        baselineWeeks: BASELINE_WEEKS,
        ...main,
      });
      return statsFromScored(uid, pairResults(airings, result));
    },
  };
}
