import { expect, test } from 'vitest';
import {
  RATING_MIN_ADVERTISERS,
  RATING_MIN_AIRINGS,
  type RatingsPage,
  type StationRatings,
  type TopTenSummaries,
} from '#shared/contracts/ratings.schema';
import { callApi } from '../../lib/local/route-calls';
import {
  RATINGS_SAMPLE_MARKETS,
  sampleStation,
  seedSampleRatings,
} from '../../lib/local/seed-ratings';
import { stackForFile } from './support/stack';

const local = stackForFile({ stations: true });

test('six sample advertisers through the real pipeline: ratings appear only where 5 advertisers and 50 airings hold', async () => {
  // Prepare: six sample advertisers (the fewest over the 5-advertiser rule with one to spare),
  // each its own organisation, two months, then a recompute. The local start's seed runs twelve;
  // what a report files for the ratings is checked in test/lambdas/ratings/core.
  const { stack, dir } = local;
  const seeded = await seedSampleRatings(
    {
      url: stack.url,
      dir,
      env: stack.env,
      log: (line) => local.lines.push(line),
      operatorToken: () => stack.idToken(stack.logins.operator),
    },
    { advertisers: 6, spotsPerStation: 9 },
  );
  local.lines.push(`sample ratings seed: ${seeded.advertisers} advertisers in ${seeded.seconds} s`);
  expect(seeded.advertisers).toBe(6);

  // Act: a visitor asks for the top ten lists, the station table and a station's page
  const top = await callApi<TopTenSummaries>(stack.url, 'nowl_top_ten_summaries', {});
  const table = await callApi<RatingsPage>(stack.url, 'nowl_ratings', { market: '501' });

  // Assert: sample ratings of the newest month, compared with the month before
  expect(top).toMatchObject({ kind: 'sample', period: '2016-10', previous_period: '2016-09' });
  expect(top.periods).toEqual(['2016-10', '2016-09']);
  expect(
    top.lists
      .filter((l) => l.format === 'all')
      .map((l) => l.market)
      .sort(),
  ).toEqual(RATINGS_SAMPLE_MARKETS.map((m) => m.code).sort());
  for (const market of RATINGS_SAMPLE_MARKETS) {
    const all = top.lists.find((l) => l.market === market.code && l.format === 'all');
    const rated = (all?.rows ?? []).map((r) => r.call_sign).sort();
    // S1-S6: every advertiser, 54 airings a month; S7: four advertisers; S8: 18 airings
    expect(rated).toEqual([1, 2, 3, 4, 5, 6].map((i) => sampleStation(market, i).call).sort());
    for (const row of all?.rows ?? []) {
      expect(row.advertisers).toBeGreaterThanOrEqual(RATING_MIN_ADVERTISERS);
      expect(row.airings).toBeGreaterThanOrEqual(RATING_MIN_AIRINGS);
      expect(row.low).toBeLessThanOrEqual(row.rating);
      expect(row.high).toBeGreaterThanOrEqual(row.rating);
      expect(row.previous_rank).not.toBeNull();
    }
  }
  // Stations and formats below the thresholds are only counted
  expect(table.withheld).toBeGreaterThanOrEqual(2);
  expect(table.rows.map((r) => r.subject.call_sign)).not.toContain(
    sampleStation(RATINGS_SAMPLE_MARKETS[0]!, 7).call,
  );

  const s1 = sampleStation(RATINGS_SAMPLE_MARKETS[0]!, 1).call;
  const page = await callApi<StationRatings>(stack.url, 'nowl_station', { station_id: s1 });
  expect(page.history.map((h) => h.period)).toEqual(['2016-09', '2016-10']);
  expect(page.dayparts).toEqual([]);
  const s7 = sampleStation(RATINGS_SAMPLE_MARKETS[0]!, 7).call;
  await expect(callApi(stack.url, 'nowl_station', { station_id: s7 })).rejects.toThrow(/Station/);

  // A signed-in user without Industry Insights is refused dayparts, naming what unlocks them
  await expect(
    callApi(stack.url, 'nowl_top_ten_summaries', { daypart: 'tv:early_morning' }, local.token),
  ).rejects.toThrow(/Industry Insights/);
}, 600_000);
