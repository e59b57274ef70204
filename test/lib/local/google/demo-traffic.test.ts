import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveDataDir } from '#shared/reference/dmas';
import { placeForDma } from '#shared/reference/geo-dma';
import { loadDemoInputs } from '../../../../lib/local/google/demo-inputs';
import {
  demoFirstDayFor,
  writeDemoPostlogIfMissing,
} from '../../../../lib/local/google/demo-postlog-file';
import { DEMO_PROPERTY_ID } from '../../../../lib/local/google/directory';
import { apis, DEMO_FIRST_DAY, googlePerTest, signIn } from './harness';

const google = googlePerTest();
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the demo post-log the demo properties respond to', () => {
  test('starts on a Monday 8 weeks before the week it is made in', () => {
    const thursday = Date.UTC(2026, 10, 26, 15) / 1000;

    expect(demoFirstDayFor(thursday)).toBe('2026-09-28');
    expect(new Date('2026-09-28T00:00:00Z').getUTCDay()).toBe(1);
  });

  test('an existing sample file is kept, never overwritten', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-sample-'));
    scratch.push(dir);
    const path = join(dir, 'samples', 'demo-postlog.csv');

    const first = writeDemoPostlogIfMissing(path, DEMO_FIRST_DAY);
    writeFileSync(path, 'mine\n');
    const second = writeDemoPostlogIfMissing(path, '2026-01-05');

    expect([first, second]).toEqual([true, false]);
    expect(readFileSync(path, 'utf8')).toBe('mine\n');
  });

  test("a market's visits rise in the minutes after its airings", async () => {
    const { local } = await google.start();
    const inputs = await loadDemoInputs(local.demo.postlogPath, resolveDataDir());
    const day = '2026-09-09';
    const from = Date.parse(`${day}T04:00:00Z`) / 1000;
    const airings = inputs.airings.filter(
      (a) => a.market === '501' && a.startUtc >= from + 1800 && a.startUtc < from + 86400 - 1800,
    );
    const { client } = await signIn(local, 'owner@demo-advertiser.example');
    const { data } = await apis(local, client).data.properties.runReport({
      property: `properties/${DEMO_PROPERTY_ID}`,
      requestBody: {
        dateRanges: [{ startDate: day, endDate: day }],
        dimensions: [{ name: 'dateHourMinute' }, { name: 'city' }],
        metrics: [{ name: 'sessions' }],
        limit: '100000',
      },
    });
    const newYork = placeForDma('501').city;
    const byMinute = new Map<number, number>();
    for (const row of data.rows ?? []) {
      const [minute, city] = (row.dimensionValues ?? []).map((v) => v.value ?? '');
      if (city !== newYork || !minute) continue;
      // Property time zone America/New_York is UTC-4 in September.
      const utc =
        Date.UTC(
          +minute.slice(0, 4),
          +minute.slice(4, 6) - 1,
          +minute.slice(6, 8),
          +minute.slice(8, 10) + 4,
          +minute.slice(10, 12),
        ) / 1000;
      byMinute.set(utc, Number(row.metricValues?.[0]?.value));
    }
    const sum = (start: number, minutes: number) => {
      let s = 0;
      for (let m = 0; m < minutes; m++) s += byMinute.get(start + m * 60) ?? 0;
      return s;
    };
    const after = airings.reduce((s, a) => s + sum(Math.floor(a.startUtc / 60) * 60, 8), 0);
    const before = airings.reduce((s, a) => s + sum(Math.floor(a.startUtc / 60) * 60 - 480, 8), 0);

    expect(airings.length).toBeGreaterThan(5);
    expect(after).toBeGreaterThan(before * 1.15);
  });
});
