import type { GaxiosError } from 'gaxios';
import { describe, expect, test } from 'vitest';
import { dmaForPlace } from '#shared/reference/geo-dma';
import {
  DEMO_PROPERTY_ID,
  EMPTY_PROPERTY_ID,
  SMALL_SITE_PROPERTY_ID,
} from '../../../../lib/local/google/directory';
import { apis, googlePerTest, signIn, trigger } from './harness';

const google = googlePerTest();
const METRICS = [
  'sessions',
  'newUsers',
  'screenPageViews',
  'engagedSessions',
  'userEngagementDuration',
];
/** A Tuesday inside the demo post-log's airing weeks (harness DEMO_FIRST_DAY + 1). */
const DAY = '2026-09-08';

/** The pull's request: one day by minute and geography, all five metrics. */
function minuteReport(property: string, extra: Record<string, unknown> = {}) {
  return {
    property: `properties/${property}`,
    requestBody: {
      dateRanges: [{ startDate: DAY, endDate: DAY }],
      dimensions: [
        { name: 'dateHourMinute' },
        { name: 'city' },
        { name: 'region' },
        { name: 'country' },
      ],
      metrics: METRICS.map((name) => ({ name })),
      ...extra,
    },
  };
}

async function ownerData() {
  const { local } = await google.start();
  const { client } = await signIn(local, 'owner@demo-advertiser.example');
  return { local, data: apis(local, client).data };
}

type Row = {
  dimensionValues?: { value?: string | null }[] | null;
  metricValues?: { value?: string | null }[] | null;
};
const dims = (r: Row) => (r.dimensionValues ?? []).map((v) => v.value ?? '');
const nums = (r: Row) => (r.metricValues ?? []).map((v) => Number(v.value));

describe('GA4 Data API runReport through @googleapis/analyticsdata', () => {
  test('pages of a minute-by-geography report add up to rowCount rows, in the property time zone', async () => {
    const { data } = await ownerData();

    const pages: Row[][] = [];
    let rowCount = 0;
    for (let offset = 0; pages.length === 0 || offset < rowCount; offset += 2500) {
      const res = await data.properties.runReport(
        minuteReport(DEMO_PROPERTY_ID, { limit: 2500, offset }),
      );
      rowCount = res.data.rowCount ?? 0;
      pages.push(res.data.rows ?? []);
    }
    const rows = pages.flat();
    const keys = new Set(rows.map((r) => dims(r).join('|')));
    const minutes = rows.map((r) => dims(r)[0] ?? '');

    expect(rowCount).toBeGreaterThan(2500);
    expect(rows).toHaveLength(rowCount);
    expect(keys.size).toBe(rowCount);
    expect(minutes.every((m) => m.startsWith('20260908'))).toBe(true);
    expect(minutes).toContain('202609080000');
    expect(minutes).toContain('202609082359');
  });

  test('metadata, headers and the property quota come back as Google sends them', async () => {
    const { data } = await ownerData();

    const { data: body } = await data.properties.runReport(
      minuteReport(DEMO_PROPERTY_ID, { limit: 1, returnPropertyQuota: true }),
    );

    expect(body.metadata).toEqual({ currencyCode: 'USD', timeZone: 'America/New_York' });
    expect(body.metricHeaders?.map((h) => h.type)).toEqual([
      'TYPE_INTEGER',
      'TYPE_INTEGER',
      'TYPE_INTEGER',
      'TYPE_INTEGER',
      'TYPE_SECONDS',
    ]);
    expect(body.rows).toHaveLength(1);
    expect(body.propertyQuota?.tokensPerHour?.consumed).toBeGreaterThan(0);
    expect(body.propertyQuota?.tokensPerHour?.remaining).toBe(
      40000 - (body.propertyQuota?.tokensPerHour?.consumed ?? 0),
    );
    expect(body.propertyQuota?.concurrentRequests).toEqual({ consumed: 0, remaining: 10 });
  });

  test('DMA rows name a city that maps back to a DMA; some rows are (not set) or abroad', async () => {
    const { data } = await ownerData();

    const { data: body } = await data.properties.runReport(
      minuteReport(DEMO_PROPERTY_ID, { limit: 100000 }),
    );
    const places = new Set((body.rows ?? []).map((r) => dims(r).slice(1).join('|')));
    const dmas = new Set(
      [...places].map((p) => dmaForPlace(...(p.split('|') as [string, string, string]))),
    );

    expect(dmas).toEqual(new Set(['501', '602', '623', '539', '751', '']));
    expect(places).toContain('(not set)|(not set)|United States');
    expect([...places].some((p) => p.endsWith('|Canada') || p.endsWith('|United Kingdom'))).toBe(
      true,
    );
  });

  test('engaged sessions never exceed sessions, and hours sum the minutes', async () => {
    const { data } = await ownerData();

    const minute = await data.properties.runReport(
      minuteReport(DEMO_PROPERTY_ID, { limit: 100000 }),
    );
    const hour = await data.properties.runReport({
      property: `properties/${DEMO_PROPERTY_ID}`,
      requestBody: {
        dateRanges: [{ startDate: DAY, endDate: DAY }],
        dimensions: [{ name: 'dateHour' }],
        metrics: METRICS.map((name) => ({ name })),
      },
    });
    const sum = (rows: Row[]) =>
      rows.reduce((acc, r) => acc.map((v, i) => v + (nums(r)[i] ?? 0)), [0, 0, 0, 0, 0]);

    expect(minute.data.rows?.every((r) => (nums(r)[3] ?? 0) <= (nums(r)[0] ?? 0))).toBe(true);
    expect(hour.data.rowCount).toBe(24);
    expect(sum(hour.data.rows ?? [])).toEqual(sum(minute.data.rows ?? []));
  });

  test('the same report twice gives the same numbers (seeded)', async () => {
    const { data } = await ownerData();

    const a = await data.properties.runReport(
      minuteReport(DEMO_PROPERTY_ID, { limit: 500, offset: 1000 }),
    );
    const b = await data.properties.runReport(
      minuteReport(DEMO_PROPERTY_ID, { limit: 500, offset: 1000 }),
    );

    expect(b.data.rows).toEqual(a.data.rows);
  });

  test('a small site answers minute reports subject to thresholding, hourly ones not', async () => {
    const { data } = await ownerData();
    const hourly = {
      property: `properties/${SMALL_SITE_PROPERTY_ID}`,
      requestBody: {
        dateRanges: [{ startDate: DAY, endDate: DAY }],
        dimensions: [{ name: 'dateHour' }],
        metrics: [{ name: 'sessions' }],
      },
    };

    const minute = await data.properties.runReport(minuteReport(SMALL_SITE_PROPERTY_ID));
    const hour = await data.properties.runReport(hourly);

    expect(minute.data.metadata?.subjectToThresholding).toBe(true);
    expect(hour.data.metadata?.subjectToThresholding).toBeUndefined();
    expect(hour.data.rowCount).toBe(24);
  });

  test('a property with no data answers no rows', async () => {
    const { local } = await google.start();
    const { client } = await signIn(local, 'analyst@agency.example');

    const { data } = await apis(local, client).data.properties.runReport(
      minuteReport(EMPTY_PROPERTY_ID),
    );

    expect(data.rows).toBeUndefined();
    expect(data.rowCount).toBeUndefined();
  });

  test('after /__local/quota the next calls throw 429 RESOURCE_EXHAUSTED, then it answers again', async () => {
    const { local, data } = await ownerData();

    await trigger(local, 'quota', { property_id: DEMO_PROPERTY_ID, count: 2 });
    const failures: unknown[] = [];
    for (let i = 0; i < 2; i++)
      failures.push(
        await data.properties.runReport(minuteReport(DEMO_PROPERTY_ID, { limit: 1 })).then(
          () => null,
          (e: GaxiosError) => ({
            status: e.status,
            rpc: (e.response?.data as { error?: { status?: string } } | undefined)?.error?.status,
          }),
        ),
      );
    const after = await data.properties.runReport(minuteReport(DEMO_PROPERTY_ID, { limit: 1 }));

    expect(failures).toEqual([
      { status: 429, rpc: 'RESOURCE_EXHAUSTED' },
      { status: 429, rpc: 'RESOURCE_EXHAUSTED' },
    ]);
    expect(after.status).toBe(200);
  });

  test('a field the stand-in does not implement is refused with a 400 naming it', async () => {
    const { data } = await ownerData();

    const error = await data.properties
      .runReport(
        minuteReport(DEMO_PROPERTY_ID, { dimensionFilter: { filter: { fieldName: 'city' } } }),
      )
      .then(
        () => null,
        (e: GaxiosError) => e,
      );

    expect(error?.status).toBe(400);
    expect(JSON.stringify(error?.response?.data)).toContain('dimensionFilter');
  });
});
