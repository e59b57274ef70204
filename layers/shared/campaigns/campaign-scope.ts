import type { Campaign } from '../contracts/campaigns.schema';

/**
 * What a campaign narrows a report to: the flight's local dates (inclusive, YYYY-MM-DD) and the
 * stations (names as the post-log writes them), creatives (ISCI / creative names) and markets
 * (DMA codes) it covers. An empty list means "every one" in that dimension.
 */
export interface CampaignScope {
  date_start: string;
  date_end: string;
  stations: string[];
  creatives: string[];
  dmas: number[];
}

/**
 * The scope of a campaign (spec §7 "Campaigns": a named flight with a set of stations,
 * creatives or markets). Used by the report scoped to a campaign and by the monthly family per
 * campaign. Pure; the lists are copies, sorted, so two scopes of one campaign compare equal.
 */
export function campaignScope(
  campaign: Pick<Campaign, 'flight_start' | 'flight_end' | 'station_ids' | 'creative_ids' | 'dmas'>,
): CampaignScope {
  return {
    date_start: campaign.flight_start,
    date_end: campaign.flight_end,
    stations: [...campaign.station_ids].sort(),
    creatives: [...campaign.creative_ids].sort(),
    dmas: [...campaign.dmas].sort((a, b) => a - b),
  };
}

/** The facts of one airing a scope looks at. `market` is the DMA code as text ('501') or NATIONAL. */
export interface ScopedAiringFacts {
  /** The airing's local calendar date in its market's time zone, YYYY-MM-DD. */
  local_date: string;
  station: string;
  creative: string | null;
  market: string;
}

/**
 * True when an airing falls inside the scope: its local date within the flight (inclusive), and
 * in each non-empty list (an airing without a creative is outside a scope that lists creatives;
 * a national airing is outside a scope that lists DMAs).
 */
export function inCampaignScope(scope: CampaignScope, airing: ScopedAiringFacts): boolean {
  if (airing.local_date < scope.date_start || airing.local_date > scope.date_end) return false;
  if (scope.stations.length > 0 && !scope.stations.includes(airing.station)) return false;
  if (
    scope.creatives.length > 0 &&
    (!airing.creative || !scope.creatives.includes(airing.creative))
  )
    return false;
  if (scope.dmas.length > 0 && !scope.dmas.includes(Number(airing.market))) return false;
  return true;
}
