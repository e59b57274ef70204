import { describe, expect, test } from 'vitest';
import { RATINGS_GATES } from '#shared/billing/ratings-gates';
import type { RatingsPage, TopTenSummaries } from '#shared/contracts/ratings.schema';
import {
  marketInsightsSchema,
  ratingsPageSchema,
  stationRatingsSchema,
  topTenSummariesSchema,
} from '#shared/contracts/ratings.schema';
import type { ReadDeps } from '../../../../lambdas/ratings/core/read-model';
import { recomputeRatings } from '../../../../lambdas/ratings/core/recompute';
import { makeHandler as insightsHandler } from '../../../../lambdas/ratings/handlers/nowl-market-insights.handler';
import { makeHandler as ratingsHandler } from '../../../../lambdas/ratings/handlers/nowl-ratings.handler';
import { makeHandler as stationHandler } from '../../../../lambdas/ratings/handlers/nowl-station.handler';
import { makeHandler as topTenHandler } from '../../../../lambdas/ratings/handlers/nowl-top-ten-summaries.handler';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { addClient, contribution, memoryDeps, slot } from '../support/memory-ratings';

/** Five sample advertisers on twelve stations of market 501, published for January. */
async function publishedSample(flags: Record<string, boolean> = {}) {
  const m = memoryDeps();
  for (let i = 0; i < 5; i++) {
    const rows = Array.from({ length: 12 }, (_, s) =>
      slot(`W${String.fromCharCode(65 + s)}XX`, 10, 10 + s * i),
    );
    await addClient(
      m,
      contribution(`c${i}`, `o${i}`, rows, { otherAirings: 10, otherVisits: 10 }),
      { sample_data: true },
    );
  }
  await recomputeRatings(m.deps);
  const deps: ReadDeps = { results: m.results, flags: async (caller) => (caller ? flags : null) };
  return deps;
}

const call = async (
  h: ReturnType<typeof ratingsHandler>,
  body: unknown,
  sub: string | null = null,
) => bodyOf(await h(httpEvent({ body, sub }), lambdaContext));

describe('the ratings routes', () => {
  test('a visitor gets the top ten of a market at daypart all, marked sample', async () => {
    const h = topTenHandler(await publishedSample());

    const out = await call(h, {});

    const result = topTenSummariesSchema.parse(out.result) as TopTenSummaries;
    expect(result.kind).toBe('sample');
    expect(result.period).toBe('2026-01');
    const all = result.lists.find((l) => l.format === 'all');
    expect(all?.rows).toHaveLength(10);
    expect(all?.rows[0]?.rank).toBe(1);
  });

  test("a daypart without its flag is refused with the gate's message", async () => {
    const h = topTenHandler(await publishedSample());

    const out = await call(h, { daypart: 'tv:prime' }, 'user-a');

    expect(out.success).toBe(false);
    expect(out.error?.message).toBe(RATINGS_GATES.ratings_dayparts.message);
  });

  test('format rows need the formats flag; with it they are listed', async () => {
    const denied = await call(ratingsHandler(await publishedSample()), { subject: 'format' });
    const allowed = await call(
      ratingsHandler(await publishedSample({ industry_insights_station_formats: true })),
      { subject: 'format' },
      'user-a',
    );

    expect(denied.error?.message).toBe(RATINGS_GATES.ratings_formats.message);
    expect(ratingsPageSchema.parse(allowed.result).rows.map((r) => r.subject.label)).toEqual([
      'Broadcast TV stations',
    ]);
  });

  test('station rows beyond the top ten need the stations flag', async () => {
    const open = (await call(ratingsHandler(await publishedSample()), {})).result as RatingsPage;
    const paid = (
      await call(
        ratingsHandler(await publishedSample({ industry_insights_stations: true })),
        {},
        'user-a',
      )
    ).result as RatingsPage;

    expect(open.total).toBe(10);
    expect(paid.total).toBe(12);
    expect(paid.rows[0]?.subject.market_name).toBe('New York');
  });
});

describe('Market Insights', () => {
  const withProfiles = async (flags: Record<string, boolean>) => ({
    ...(await publishedSample(flags)),
    profiles: { primaryStation: async () => 'WAXX' },
  });

  test("needs competitive_data: refused with the gate's message", async () => {
    const h = insightsHandler(await withProfiles({}));

    const out = await call(h, {}, 'user-a');

    expect(out.error?.message).toBe(RATINGS_GATES.market_insights.message);
  });

  test("puts the caller's primary station against the other stations of its format", async () => {
    const h = insightsHandler(await withProfiles({ competitive_data: true }));

    const out = marketInsightsSchema.parse((await call(h, {}, 'user-a')).result);

    const allDay = out.rows.find((r) => r.daypart === 'all');
    expect(out).toMatchObject({
      kind: 'sample',
      period: '2026-01',
      market: '501',
      market_name: 'New York',
    });
    expect(allDay).toMatchObject({ station_id: 'WAXX', of: 12 });
    expect(allDay?.rating).not.toBeNull();
    expect(allDay?.market_median).not.toBeNull();
  });
});

describe('a station page', () => {
  /** Five advertisers on WAXX (TV prime) in January and February. */
  async function twoMonths(flags: Record<string, boolean>) {
    const m = memoryDeps();
    for (const month of ['2026-01', '2026-02'])
      for (let i = 0; i < 5; i++)
        await addClient(
          m,
          contribution(`c${i}`, `o${i}`, [slot('WAXX', 10, 10 + i)], {
            month,
            otherAirings: 10,
            otherVisits: 10,
          }),
          { sample_data: true },
        );
    await recomputeRatings(m.deps);
    return {
      results: m.results,
      flags: async () => flags,
      stations: { byId: async () => null },
    };
  }

  test('shows the all-day history oldest first; dayparts only for callers who unlocked them', async () => {
    const open = stationRatingsSchema.parse(
      (await call(stationHandler(await twoMonths({})), { station_id: 'WAXX' })).result,
    );
    const paid = stationRatingsSchema.parse(
      (
        await call(
          stationHandler(await twoMonths({ industry_insights_dayparts: true })),
          { station_id: 'WAXX' },
          'user-a',
        )
      ).result,
    );

    expect(open.history.map((h) => h.period)).toEqual(['2026-01', '2026-02']);
    expect(open.history[1]?.previous_rating).toBe(open.history[0]?.rating);
    expect(open.station).toMatchObject({ call_sign: 'WAXX', market_name: 'New York' });
    expect(open.dayparts).toEqual([]);
    expect(paid.dayparts.map((d) => d.subject.daypart)).toEqual(['tv:prime']);
  });

  test("a station outside its market's top ten has its page only for callers with the stations flag", async () => {
    const paidDeps = await publishedSample({ industry_insights_stations: true });
    const table = (await call(ratingsHandler(paidDeps), {}, 'user-a')).result as RatingsPage;
    const beyond = table.rows.find((r) => (r.rank ?? 0) > 10)?.subject.station_id;
    const inside = table.rows.find((r) => r.rank === 1)?.subject.station_id;
    const noList = { stations: { byId: async () => null } };

    const open = await call(stationHandler({ ...(await publishedSample()), ...noList }), {
      station_id: beyond,
    });
    const top = await call(stationHandler({ ...(await publishedSample()), ...noList }), {
      station_id: inside,
    });
    const paid = await call(
      stationHandler({ ...paidDeps, ...noList }),
      { station_id: beyond },
      'user-a',
    );

    expect(beyond).toBeTruthy();
    expect(open.error?.code).toBe('forbidden');
    expect(open.message).toContain('Industry Insights');
    expect(stationRatingsSchema.parse(top.result).history).toHaveLength(1);
    expect(stationRatingsSchema.parse(paid.result).history).toHaveLength(1);
  });

  test('an unknown station is not found', async () => {
    const out = await call(stationHandler(await twoMonths({})), { station_id: 'WNOPE' });

    expect(out.error?.code).toBe('not_found');
  });
});
