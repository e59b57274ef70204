import type { z } from 'zod';
import type { Caller } from '#shared/auth/caller';
import { requireGate } from '#shared/billing/ratings-gates';
import type { MarketInsights, marketInsightsInputSchema } from '#shared/contracts/ratings.schema';
import { daypartName, formatName, marketName } from './labels';
import type { RatedSlot } from './model';
import { answeringKind, periodResult, type ReadDeps } from './read-model';
import { median } from './stats';

/** The caller's primary station (the profile's default_station_id; '' or null when none). */
export interface PrimaryStation {
  primaryStation(userId: string): Promise<string | null>;
}

/**
 * Market Insights (nowl_market_insights, gated by competitive_data): each chosen station
 * (default: the caller's primary station) against the other rated stations of its format in its
 * market, all day and per daypart where the market has ratings. `market` is the first station's.
 * Steps: 1. gate; 2. the stations; 3. the answering kind and period; 4. per station, per daypart
 * of its format in its market: its rating (null below the thresholds), the others' median and
 * best, its rank and how many stations are rated.
 * @throws Forbidden with the gate's message without competitive_data (staff pass).
 */
export async function marketInsights(
  deps: ReadDeps & { profiles: PrimaryStation },
  caller: Caller,
  input: z.infer<typeof marketInsightsInputSchema>,
): Promise<MarketInsights> {
  requireGate('market_insights', await deps.flags(caller), caller.staff === true);
  const primary = input.station_ids?.length
    ? null
    : await deps.profiles.primaryStation(caller.userId);
  const ids = input.station_ids?.length ? input.station_ids : primary ? [primary] : [];
  const kp = await answeringKind(deps.results);
  const { entry, result } = await periodResult(deps.results, kp, input.period);
  const stationRows = (result?.rows ?? []).filter(
    (r) => r.subject === 'station' && r.industry === null,
  );
  const rows: MarketInsights['rows'] = [];
  let market: string | null = null;
  for (const id of ids) {
    const mine = stationRows.filter((r) => r.station_key === id);
    const any = mine[0];
    if (!any) continue;
    market ??= any.market;
    const peers = stationRows.filter((r) => r.market === any.market && r.format === any.format);
    const dayparts = [...new Set(['all', ...peers.map((r) => r.daypart)])];
    for (const daypart of dayparts) {
      const inSlot = peers.filter((r) => r.daypart === daypart);
      const own = mine.find((r) => r.daypart === daypart) ?? null;
      const others = inSlot.filter((r) => r.station_key !== id).map((r: RatedSlot) => r.rating);
      rows.push({
        station_id: id,
        call_sign: any.call_sign ?? id,
        format: any.format,
        format_name: formatName(any.format),
        daypart,
        daypart_name: daypartName(daypart),
        rating: own?.rating ?? null,
        market_median: others.length > 0 ? Math.round(median(others) * 10) / 10 : null,
        market_best: others.length > 0 ? Math.max(...others) : null,
        rank: own?.rank ?? null,
        of: inSlot.length,
      });
    }
  }
  return {
    kind: kp.kind,
    period: entry?.period ?? null,
    market,
    market_name: market ? marketName(market) : '',
    rows,
  };
}
