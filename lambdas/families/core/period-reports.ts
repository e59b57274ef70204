import type { ClientRecord } from '#shared/companies/companies';
import { buildSummary, pairResults } from '../../attribution/core/report';
import { reportRange } from '../../reports/core/dates';
import { drillPeriod } from '../../reports/core/drilldowns';
import { DEFAULT_WINDOW_MINUTES } from '../../reports/core/params';
import type { QueryEngine, ReportEngine } from '../../reports/core/ports';
import { runProDigital } from '../../reports/core/pro-digital-run';
import { BASELINE_WEEKS, TAIL_S } from '../../reports/core/steps';
import type { PeriodFigures, PeriodFilter, PeriodReports } from './ports';

const HISTORY_S = BASELINE_WEEKS * 7 * 86_400;

/**
 * Seconds a campaign run loads past each end of its UTC days: a flight's dates are local dates in
 * each airing's market (UTC-12 to UTC+14), so 22:00 in New York on the last day is 03:00Z the
 * next day; the local-date check of the scope (inCampaignScope) then keeps exactly the flight.
 */
export const LOCAL_DAY_PAD_S = 14 * 3600;

/**
 * PeriodReports on the report engine over the lake (the same attribution as the report screen;
 * method note §5.1-5.3), in-process: no report job, no stored report, nothing counted against the
 * free reports. Per run: 1. the period's airings (UTC days, as the report engine's dates; a
 * campaign run loads LOCAL_DAY_PAD_S more each side and step 5 keeps the airings whose local
 * date is in the period) (none: null); 2. minute visits when the period has any, else hourly
 * (none: null); 3. the client's visits metric (its default method, sessions otherwise) from
 * BASELINE_WEEKS before the start to TAIL_S past the end; 4. attribute every
 * airing of the period with the default window (spec §9: 8 minutes); 5. re-aggregate over the
 * airings the filter keeps (streaming and podcast, the campaign's stations, creatives and
 * markets) from their own verdicts, as a drill-down does (none kept: null); 6. for the stream
 * scope, the Pro Digital website impact of its streaming and podcast airings.
 */
export function enginePeriodReports(deps: {
  query: QueryEngine;
  engine: ReportEngine;
}): PeriodReports {
  return {
    async run(client: ClientRecord, range, filter: PeriodFilter): Promise<PeriodFigures | null> {
      const uid = client.client_uid;
      // Without a campaign the period is UTC days, as the report engine defines report dates.
      const utcDays = reportRange(range.date_start, range.date_end);
      const pad = filter.campaign ? LOCAL_DAY_PAD_S : 0;
      const main = { fromUtc: utcDays.fromUtc - pad, toUtc: utcDays.toUtc + pad };
      const airings = await deps.query.extractAirings(uid, main.fromUtc, main.toUtc);
      if (airings.length === 0) return null;
      const resolution = (await deps.query.hasVisits(uid, 'minute', main.fromUtc, main.toUtc))
        ? 'minute'
        : (await deps.query.hasVisits(uid, 'hour', main.fromUtc, main.toUtc))
          ? 'hour'
          : null;
      if (!resolution) return null;
      const method = client.attribution_method ?? 'sessions';
      const from = main.fromUtc - HISTORY_S;
      const to = main.toUtc + TAIL_S;
      const visits = deps.engine.buildVisitData(
        await deps.query.extractVisits(uid, resolution, from, to, method),
        resolution,
      );
      const options = {
        windowMinutes: DEFAULT_WINDOW_MINUTES,
        baselineWeeks: BASELINE_WEEKS,
        ...main,
      };
      const result = await deps.engine.attribute(airings, visits, options);
      // The campaign's lists apply; its flight does not (the range is the period asked).
      const campaign = filter.campaign
        ? { ...filter.campaign, date_start: range.date_start, date_end: range.date_end }
        : undefined;
      const period = drillPeriod(
        { summary: buildSummary(result.campaign), scored: pairResults(airings, result) },
        { broadcast_type: 'all', drill: [] },
        filter.stream ? 'stream' : 'all',
        campaign,
      );
      if (period.summary.airings === 0) return null;
      if (!filter.stream) return period;
      const streamAirings = airings.filter(
        (a) => a.stationType === 'streaming' || a.stationType === 'podcast',
      );
      const digital = await deps.query.extractDigital(uid, resolution, from, to);
      const pro_digital = await runProDigital({
        engine: deps.engine,
        airings: streamAirings,
        digital,
        resolution,
        options,
        // 'pageviews' is no Pro Digital series, so every series is run on the kept airings
        // (the report's own run covered every airing and cannot be reused here).
        main: { method: 'pageviews', result },
      });
      return { ...period, pro_digital };
    },
  };
}
