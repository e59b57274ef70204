import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocationHours } from '#shared/contracts/locations.schema';
import { isOpenAt, openHoursFilter } from '#shared/locations/opening-hours';
import { DuckDbQueryEngine } from '../../../../lambdas/reports/adapters/duckdb-query-engine';
import { writeLakeObject } from '../lake-fixture';

const H = 3600;
const DAY = 86_400;
// Friday March 8 to Tuesday March 12 2024 UTC: New York's clocks go forward on Sunday March 10.
const FROM = Date.UTC(2024, 2, 8) / 1000;
const DAYS = 4;
const NY = 'America/New_York';
const closed = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
/** Overnight Saturday into Sunday (across the clock change), and 09:00-17:00 on Monday. */
const HOURS: LocationHours = {
  ...closed,
  sat: { open: '22:00', close: '04:00' },
  mon: { open: '09:00', close: '17:00' },
};
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lake-hours-'));
  for (let d = 0; d < DAYS; d++) {
    const start = FROM + d * DAY;
    const date = new Date(start * 1000).toISOString().slice(0, 10);
    await writeLakeObject(
      dir,
      `foot-traffic/client_uid=c1/resolution=hour/date=${date}/foot-traffic.parquet`,
      `SELECT CAST(t AS BIGINT) AS bucket_utc, 'Shop' AS location_id, '501' AS dma_code,
         CAST(1 AS DOUBLE) AS visits FROM range(${start}, ${start + DAY}, ${H}) r(t)`,
    );
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('DuckDB opening-hours filter', () => {
  test('keeps exactly the hour buckets the store is open in, by its local clock, across a daylight-saving change', async () => {
    const engine = new DuckDbQueryEngine(dir);
    const open = openHoursFilter([{ store_id: 'Shop', timezone: NY, hours: HOURS }]);

    const v = await engine.extractFootTraffic('c1', 'hour', FROM, FROM + DAYS * DAY, open);

    const kept = Array.from(v.bucketUtc);
    const expected: number[] = [];
    for (let t = FROM; t < FROM + DAYS * DAY; t += H) if (isOpenAt(HOURS, NY, t)) expected.push(t);
    expect(kept).toEqual(expected);
    // Saturday 22:00 EST to Sunday 04:00 EDT is five clock hours (02:00 never happens), plus
    // Monday's eight.
    expect(kept).toHaveLength(5 + 8);
  });
});
