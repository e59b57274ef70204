import { describe, expect, test } from 'vitest';
import {
  footTrafficRows,
  parseFootTraffic,
} from '../../../../lambdas/imports/core/parse-foot-traffic';

const t = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 'hour_utc,location_id,dma_code,visits\n';

describe('parseFootTraffic', () => {
  test('reads the hourly layout (last line unterminated); an empty dma_code is unknown geography', async () => {
    const parsed = await parseFootTraffic([
      HOUR,
      '2016-06-01T15:00:00Z,S12,501,37\n2016-06-01T15:00:00Z,S7,,4\n2016-06-01 16:00,S12,0501,2.5',
    ]);

    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(3);
    expect(parsed.footTraffic?.resolution).toBe('hour');
    expect(parsed.footTraffic?.locationIds).toEqual(['S12', 'S7']);
    expect(footTrafficRows(parsed.footTraffic!)).toEqual([
      { bucketUtc: t('2016-06-01T15:00:00Z'), locationId: 'S12', dmaCode: '501', visits: 37 },
      { bucketUtc: t('2016-06-01T15:00:00Z'), locationId: 'S7', dmaCode: '', visits: 4 },
      { bucketUtc: t('2016-06-01T16:00:00Z'), locationId: 'S12', dmaCode: '501', visits: 2.5 },
    ]);
  });

  test('reads the minute layout with a BOM, CRLF, an upper-case header and a chunk cut mid-row', async () => {
    const bytes = new TextEncoder().encode(
      '\uFEFFMINUTE_UTC,Location_ID,DMA_Code,Visits\r\n2016-06-01T15:31:00Z,Mall 3,602,1\r\n',
    );

    const parsed = await parseFootTraffic(
      (async function* () {
        yield bytes.slice(0, 50);
        yield bytes.slice(50);
      })(),
    );

    expect(parsed.errors).toEqual([]);
    expect(footTrafficRows(parsed.footTraffic!)).toEqual([
      { bucketUtc: t('2016-06-01T15:31:00Z'), locationId: 'Mall 3', dmaCode: '602', visits: 1 },
    ]);
    expect(parsed.footTraffic?.resolution).toBe('minute');
  });

  test('a quoted location id is read without its quotes, and a quoted comma is one cell', async () => {
    const parsed = await parseFootTraffic([
      `"hour_utc","location_id","dma_code","visits"\n`,
      '2016-06-01T15:00:00Z,"Store #12",501,3\n',
      '2016-06-01T15:00:00Z,"Store ""A""",501,3\n',
      '2016-06-01T15:00:00Z,"Store 9, Main St",501,3\n',
    ]);

    expect(footTrafficRows(parsed.footTraffic!).map((r) => r.locationId)).toEqual(['Store #12']);
    expect(parsed.errors).toEqual([
      {
        row: 2,
        field: 'location_id',
        message: 'Unreadable location_id "Store "A"" (1 to 80 letters, digits, spaces or - _ . #).',
      },
      {
        row: 3,
        field: 'location_id',
        message:
          'Unreadable location_id "Store 9, Main St" (1 to 80 letters, digits, spaces or - _ . #).',
      },
    ]);
  });

  test.each([
    [
      '2016-06-01T15:30:00Z,S1,501,1',
      'hour_utc',
      'Unreadable hour_utc "2016-06-01T15:30:00Z" (UTC ISO-8601 on a whole hour).',
    ],
    [
      '2016-06-01T15:00:00-05:00,S1,501,1',
      'hour_utc',
      'Unreadable hour_utc "2016-06-01T15:00:00-05:00" (UTC ISO-8601 on a whole hour).',
    ],
    ['2016-06-01T15:00:00Z,,501,1', 'location_id', "Missing location_id (the store's id)."],
    [
      `2016-06-01T15:00:00Z,${'x'.repeat(81)},501,1`,
      'location_id',
      `Unreadable location_id "${'x'.repeat(80)}…" (1 to 80 letters, digits, spaces or - _ . #).`,
    ],
    [
      '2016-06-01T15:00:00Z,S1/2,501,1',
      'location_id',
      'Unreadable location_id "S1/2" (1 to 80 letters, digits, spaces or - _ . #).',
    ],
    [
      '2016-06-01T15:00:00Z,S1,NYC,1',
      'dma_code',
      'Unreadable dma_code "NYC" (digits, or empty for unknown).',
    ],
    ['2016-06-01T15:00:00Z,S1,501,-2', 'visits', 'Unreadable visits "-2" (a non-negative number).'],
    [
      '2016-06-01T15:00:00Z,S1,501,lots',
      'visits',
      'Unreadable visits "lots" (a non-negative number).',
    ],
    ['2016-06-01T15:00:00Z,S1,501', 'row', 'Row has the wrong number of columns (expected 4).'],
    ['2016-06-01T15:00:00Z,S1,501,1,9', 'row', 'Row has the wrong number of columns (expected 4).'],
  ])('row %j is reported as field %s and skipped', async (line, field, message) => {
    const parsed = await parseFootTraffic([
      HOUR,
      '2016-06-01T14:00:00Z,S0,501,5\n',
      `${line}\n`,
      '2016-06-01T16:00:00Z,S0,501,6\n',
    ]);

    expect(parsed.errors).toEqual([{ row: 2, field, message }]);
    expect(parsed.error_count).toBe(1);
    expect(parsed.rows).toBe(3);
    expect(footTrafficRows(parsed.footTraffic!).map((r) => r.visits)).toEqual([5, 6]);
  });

  test('any other header is an error naming both layouts, and nothing is read', async () => {
    const parsed = await parseFootTraffic([
      'minute_utc,dma_code,sessions,new_users,pageviews\n2016-06-01T15:00:00Z,501,1,1,1\n',
    ]);

    expect(parsed.footTraffic).toBeNull();
    expect(parsed.rows).toBe(0);
    expect(parsed.errors).toEqual([
      {
        row: 0,
        field: 'header',
        message:
          'Unrecognised foot-traffic header "minute_utc,dma_code,sessions,new_users,pageviews": expected "minute_utc,location_id,dma_code,visits" or "hour_utc,location_id,dma_code,visits".',
      },
    ]);
  });

  test('an empty file is an error at the header', async () => {
    const parsed = await parseFootTraffic(['\n\n']);

    expect(parsed.footTraffic).toBeNull();
    expect(parsed.errors).toEqual([{ row: 0, field: 'header', message: 'The file is empty.' }]);
  });

  test('lists at most 100 errors but counts them all', async () => {
    const bad = '2016-06-01T15:00:00Z,S1,501,-1\n'.repeat(600);

    const parsed = await parseFootTraffic([HOUR, bad]);

    expect(parsed.error_count).toBe(600);
    expect(parsed.errors).toHaveLength(100);
    expect(parsed.errors.at(-1)?.row).toBe(100);
  });
});

describe('parseFootTraffic on bytes as files and uploads come', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  async function* chunked(data: Uint8Array, size: number) {
    for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
  }

  test('reads the same whatever byte a chunk ends at, inside a row or a quoted cell', async () => {
    const data = bytes(
      `\uFEFF${HOUR.trim()}\r\n2016-06-01T15:00:00Z,S12,501,37\r\n2016-06-01T15:00:00Z,"Store ""A""",501,3\n\n2016-06-01 16:00,"Mall, 3",0602,2.5\n2016-06-01T17:00:00Z, S12 ,,"4"\r\n2016-06-01T18:00:00Z,Ü1,501,1`,
    );
    const whole = await parseFootTraffic(chunked(data, data.length));

    for (let size = 1; size < data.length; size++) {
      expect(await parseFootTraffic(chunked(data, size))).toEqual(whole);
    }
    expect(whole.rows).toBe(5);
    expect(whole.errors.map((e) => `${e.row}:${e.field}`)).toEqual([
      '2:location_id',
      '3:location_id',
      '5:location_id',
    ]);
    expect(footTrafficRows(whole.footTraffic!)).toEqual([
      { bucketUtc: t('2016-06-01T15:00:00Z'), locationId: 'S12', dmaCode: '501', visits: 37 },
      { bucketUtc: t('2016-06-01T17:00:00Z'), locationId: 'S12', dmaCode: '', visits: 4 },
    ]);
  });

  test('a bad row deep in a big file is named by its row number', async () => {
    const row = (i: number) =>
      `${new Date(Date.UTC(2016, 5, 1) + i * 3_600_000).toISOString().slice(0, 19)}Z,S${i % 50},501,${i % 9}\n`;
    const lines = Array.from({ length: 200_000 }, (_, i) =>
      i === 180_000 ? '2016-06-01T15:00:00Z,S1,5O1,1\n' : row(i),
    );
    const parsed = await parseFootTraffic(chunked(bytes(HOUR + lines.join('')), 65_536));

    expect(parsed.errors).toEqual([
      {
        row: 180_001,
        field: 'dma_code',
        message: 'Unreadable dma_code "5O1" (digits, or empty for unknown).',
      },
    ]);
    expect(parsed.footTraffic?.length).toBe(199_999);
    expect(parsed.footTraffic?.locationIds).toHaveLength(50);
  });
});
