import type { z } from 'zod';
import type { Caller } from '#shared/auth/caller';
import { gateFor, requireGate } from '#shared/billing/ratings-gates';
import {
  type StationRatings,
  type stationRatingsInputSchema,
  TOP_TEN,
} from '#shared/contracts/ratings.schema';
import type { Station } from '#shared/contracts/stations.schema';
import { NotFound } from '#shared/errors';
import { formatName, marketName } from './labels';
import type { RatedSlot } from './model';
import { answeringKind, type ReadDeps, ratingRowOf } from './read-model';

/** The station list's lookup by id (lambdas/reference stationById behind a port). */
export interface StationLookup {
  byId(id: string): Promise<Station | null>;
}

/**
 * A station's page (nowl_station): its all-day rating in every published period (oldest first)
 * and the newest period's daypart ratings when the caller may see dayparts. The id is the
 * station list's id or, for a station the list does not know, the call sign the ratings use.
 * Steps: 1. gate a daypart asked for; 2. read every published period of the answering kind;
 * 3. keep the station's rows (every advertiser, not an industry cohort); without the stations
 * gate (ratings by station beyond each market's top ten, sold with Industry Insights) only the
 * periods where it ranked in its market's top ten of its format; 4. describe the station from the
 * list, else from its rows.
 * @throws NotFound ('Station') when neither the list nor any rating knows the id; Forbidden for a
 *   daypart without ratings_dayparts, and for a rated station that never made its market's top
 *   ten, without ratings_stations.
 */
export async function stationRatings(
  deps: ReadDeps & { stations: StationLookup },
  caller: Caller | null,
  input: z.infer<typeof stationRatingsInputSchema>,
): Promise<StationRatings> {
  const flags = await deps.flags(caller);
  const staff = caller?.staff === true;
  if (input.daypart && input.daypart !== 'all') requireGate('ratings_dayparts', flags, staff);
  const dayparts = gateFor('ratings_dayparts', flags, staff).allowed;
  const allStations = gateFor('ratings_stations', flags, staff).allowed;
  const shown = (r: RatedSlot) => allStations || (r.rank !== null && r.rank <= TOP_TEN);
  const kp = await answeringKind(deps.results);
  const history: ReturnType<typeof ratingRowOf>[] = [];
  let newest: { period: string; rows: RatedSlot[] } | null = null;
  let seen: RatedSlot | null = null;
  for (const entry of [...kp.periods].reverse()) {
    const result = await deps.results.read(kp.kind, entry);
    const rated = (result?.rows ?? []).filter(
      (r) => r.subject === 'station' && r.industry === null && r.station_key === input.station_id,
    );
    seen = rated[0] ?? seen;
    const mine = rated.filter(shown);
    const all = mine.find((r) => r.daypart === (input.daypart ?? 'all'));
    if (all) history.push(ratingRowOf(all, entry.period));
    if (mine.length > 0) newest = { period: entry.period, rows: mine };
  }
  // Rated but never in its market's top ten: its ratings are what the stations gate sells.
  if (seen && history.length === 0 && !newest) requireGate('ratings_stations', flags, staff);
  const listed = await deps.stations.byId(input.station_id);
  if (!listed && !seen) throw new NotFound('Station');
  const station = listed
    ? {
        id: listed.id,
        call_sign: listed.call_sign,
        label: seen?.label ?? listed.call_sign,
        type: listed.type,
        format: listed.format,
        format_name: formatName(listed.format),
        market: listed.dma_code,
        market_name: listed.dma_code
          ? marketName(listed.dma_code)
          : listed.state
            ? 'Unplaced'
            : 'National',
        city: listed.city,
        state: listed.state,
        frequency: listed.frequency,
      }
    : {
        id: input.station_id,
        call_sign: seen?.call_sign ?? input.station_id,
        label: seen?.label ?? input.station_id,
        type: (seen as RatedSlot).type,
        format: (seen as RatedSlot).format,
        format_name: formatName((seen as RatedSlot).format),
        market: (seen as RatedSlot).market,
        market_name: marketName((seen as RatedSlot).market),
        city: '',
        state: '',
        frequency: null,
      };
  const newestDayparts =
    dayparts && newest
      ? newest.rows
          .filter((r) => r.daypart !== 'all')
          .map((r) => ratingRowOf(r, (newest as { period: string }).period))
      : [];
  return { kind: kp.kind, station, history, dayparts: newestDayparts };
}
