import { describe, expect, test } from 'vitest';
import { campaignScope, inCampaignScope } from '#shared/campaigns/campaign-scope';

const campaign = {
  flight_start: '2026-03-01',
  flight_end: '2026-03-31',
  station_ids: ['WABC', 'KTLA'],
  creative_ids: [],
  dmas: [803, 501],
};

describe('campaign scope', () => {
  test('is the flight dates and the sets, sorted', () => {
    expect(campaignScope(campaign)).toEqual({
      date_start: '2026-03-01',
      date_end: '2026-03-31',
      stations: ['KTLA', 'WABC'],
      creatives: [],
      dmas: [501, 803],
    });
  });

  const scope = campaignScope(campaign);
  const airing = { local_date: '2026-03-15', station: 'WABC', creative: null, market: '501' };

  test.each([
    ['inside the flight, a listed station and market', airing, true],
    ['on the first day of the flight', { ...airing, local_date: '2026-03-01' }, true],
    ['on the last day of the flight', { ...airing, local_date: '2026-03-31' }, true],
    ['the day before the flight', { ...airing, local_date: '2026-02-28' }, false],
    ['the day after the flight', { ...airing, local_date: '2026-04-01' }, false],
    ['on a station the campaign does not list', { ...airing, station: 'WNBC' }, false],
    ['in a market the campaign does not list', { ...airing, market: '602' }, false],
    ['a national airing when markets are listed', { ...airing, market: 'NATIONAL' }, false],
  ])('an airing %s: %s', (_name, facts, expected) => {
    expect(inCampaignScope(scope, facts)).toBe(expected);
  });

  test('an empty list lets every value through; a creative list drops airings without one', () => {
    const open = campaignScope({ ...campaign, station_ids: [], dmas: [] });
    const creatives = campaignScope({
      ...campaign,
      station_ids: [],
      dmas: [],
      creative_ids: ['A1'],
    });

    expect(inCampaignScope(open, { ...airing, station: 'ANY', market: 'NATIONAL' })).toBe(true);
    expect(inCampaignScope(creatives, airing)).toBe(false);
    expect(inCampaignScope(creatives, { ...airing, creative: 'A1' })).toBe(true);
  });
});
