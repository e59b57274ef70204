import type { Campaign } from '#shared/contracts/campaigns.schema';

/**
 * The 'Spring sale' campaign of `clientUid` for the report screen's tests: flight 4 to 17 March
 * 2024, a budget of $5,000.00 (integer cents), a goal of 100 visits, and no station, creative or
 * DMA filter unless `patch` sets one.
 */
export function springCampaign(clientUid: string, patch: Partial<Campaign> = {}): Campaign {
  return {
    campaign_uid: 'k-1',
    client_uid: clientUid,
    name: 'Spring sale',
    flight_start: '2024-03-04',
    flight_end: '2024-03-17',
    budget_cents: 500_000,
    goal: { kind: 'visits', target: 100 },
    station_ids: [],
    creative_ids: [],
    dmas: [],
    created_at: '2024-03-01T00:00:00.000Z',
    updated_at: '2024-03-01T00:00:00.000Z',
    ...patch,
  };
}
