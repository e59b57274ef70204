import { describe, expect, test } from 'vitest';
import { parseVisits, visitsRows } from '../../../../lambdas/imports/core/parse-visits';

const t = (iso: string) => Date.parse(iso) / 1000;

describe('parseVisits', () => {
  test('reads the minute layout; an empty dma_code is unknown geography', async () => {
    const parsed = await parseVisits([
      'minute_utc,dma_code,sessions,new_users,pageviews\n',
      '2016-06-01T15:30:00Z,501,3,1,5\n2016-06-01T15:31:00Z,,2,0,2\n',
    ]);

    expect(parsed.errors).toEqual([]);
    expect(parsed.visits?.resolution).toBe('minute');
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T15:30:00Z'),
        dmaCode: '501',
        sessions: 3,
        newUsers: 1,
        pageviews: 5,
      },
      { bucketUtc: t('2016-06-01T15:31:00Z'), dmaCode: '', sessions: 2, newUsers: 0, pageviews: 2 },
    ]);
  });

  test('reads the hourly layout, even when a chunk ends mid-row', async () => {
    const parsed = await parseVisits([
      'hour_utc,dma_code,sessions,new_users,pageviews\r\n2016-06-01T15:00:00Z,50',
      '1,10,4,12\r\n',
    ]);

    expect(parsed.visits?.resolution).toBe('hour');
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T15:00:00Z'),
        dmaCode: '501',
        sessions: 10,
        newUsers: 4,
        pageviews: 12,
      },
    ]);
  });

  test('any other header is an error naming the header', async () => {
    const parsed = await parseVisits(['date,visits\n2016-06-01,4\n']);

    expect(parsed.visits).toBeNull();
    expect(parsed.errors).toEqual([
      {
        row: 0,
        field: 'header',
        message:
          'Unrecognised visits header "date,visits": expected "minute_utc,dma_code,sessions,new_users,pageviews" or "hour_utc,dma_code,sessions,new_users,pageviews", optionally followed by engaged_sessions and engagement_seconds.',
      },
    ]);
  });

  test('names each bad row by row and field, and keeps the good rows', async () => {
    const parsed = await parseVisits([
      'minute_utc,dma_code,sessions,new_users,pageviews\n',
      '2016-06-01T15:30:30Z,501,1,1,1\n',
      '2016-06-01T15:31:00Z,NYC,1,1,1\n',
      '2016-06-01T15:32:00Z,501,-1,1,1\n',
      '2016-06-01T15:33:00Z,501,1\n',
      '2016-06-01T15:34:00Z,501,1,1,1\n',
    ]);

    expect(parsed.errors.map((e) => `${e.row}:${e.field}`)).toEqual([
      '1:minute_utc',
      '2:dma_code',
      '3:sessions',
      '4:row',
    ]);
    expect(parsed.errors[0]?.message).toBe(
      'Unreadable minute_utc "2016-06-01T15:30:30Z" (UTC ISO-8601 on a whole minute).',
    );
    expect(parsed.visits?.length).toBe(1);
  });

  test('reads the optional engaged_sessions and engagement_seconds columns, in either order', async () => {
    const parsed = await parseVisits([
      'minute_utc,dma_code,sessions,new_users,pageviews,engagement_seconds,engaged_sessions\n',
      '2016-06-01T15:30:00Z,501,4,1,5,130.5,3\n',
      '2016-06-01T15:31:00Z,,2,0,2,,\n',
    ]);

    expect(parsed.errors).toEqual([]);
    expect(parsed.columns).toEqual([
      'minute_utc',
      'dma_code',
      'sessions',
      'new_users',
      'pageviews',
      'engagement_seconds',
      'engaged_sessions',
    ]);
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T15:30:00Z'),
        dmaCode: '501',
        sessions: 4,
        newUsers: 1,
        pageviews: 5,
        engagedSessions: 3,
        engagementS: 130.5,
      },
      {
        bucketUtc: t('2016-06-01T15:31:00Z'),
        dmaCode: '',
        sessions: 2,
        newUsers: 0,
        pageviews: 2,
        engagedSessions: null,
        engagementS: null,
      },
    ]);
  });

  test('a file without the engagement columns has no engagement metrics at all', async () => {
    const parsed = await parseVisits([
      'hour_utc,dma_code,sessions,new_users,pageviews\n2016-06-01T15:00:00Z,501,10,4,12\n',
    ]);

    expect(parsed.visits?.engagedSessions).toBeUndefined();
    expect(parsed.visits?.engagementS).toBeUndefined();
  });

  test('names bad engagement cells by row and field, and counts the columns the header has', async () => {
    const parsed = await parseVisits([
      'hour_utc,dma_code,sessions,new_users,pageviews,engaged_sessions,engagement_seconds\n',
      '2016-06-01T15:00:00Z,501,10,4,12,-2,30\n',
      '2016-06-01T16:00:00Z,501,10,4,12,3,lots\n',
      '2016-06-01T17:00:00Z,501,10,4,12\n',
      '2016-06-01T18:00:00Z,501,10,4,12,3,40\n',
    ]);

    expect(parsed.errors).toEqual([
      {
        row: 1,
        field: 'engaged_sessions',
        message: 'Unreadable engaged_sessions "-2" (a non-negative number).',
      },
      {
        row: 2,
        field: 'engagement_seconds',
        message: 'Unreadable engagement_seconds "lots" (a non-negative number).',
      },
      { row: 3, field: 'row', message: 'Row has the wrong number of columns (expected 7).' },
    ]);
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T18:00:00Z'),
        dmaCode: '501',
        sessions: 10,
        newUsers: 4,
        pageviews: 12,
        engagedSessions: 3,
        engagementS: 40,
      },
    ]);
  });

  test('an engagement column named twice, or an unknown extra column, is a header error', async () => {
    const twice = await parseVisits([
      'minute_utc,dma_code,sessions,new_users,pageviews,engaged_sessions,engaged_sessions\n',
    ]);
    const other = await parseVisits(['minute_utc,dma_code,sessions,new_users,pageviews,bounces\n']);

    expect(twice.visits).toBeNull();
    expect(twice.errors[0]?.field).toBe('header');
    expect(other.visits).toBeNull();
    expect(other.errors[0]?.message).toContain('Unrecognised visits header');
    expect(other.errors[0]?.message).toContain('engaged_sessions');
  });
});

describe('parseVisits on bytes as files and uploads come', () => {
  const HEADER = 'minute_utc,dma_code,sessions,new_users,pageviews';
  const bytes = (text: string) => new TextEncoder().encode(text);
  /** `data` cut into chunks of `size` bytes, as a file stream or an S3 body gives them. */
  async function* chunked(data: Uint8Array, size: number) {
    for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
  }

  test('quoted cells are read without their quotes; a quoted comma stays in its cell', async () => {
    const parsed = await parseVisits([
      `"minute_utc","dma_code","sessions","new_users","pageviews"\n`,
      '"2016-06-01T15:30:00Z","501","3","1","5"\n',
      '2016-06-01T15:31:00Z,"5,01",1,1,1\n',
    ]);

    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T15:30:00Z'),
        dmaCode: '501',
        sessions: 3,
        newUsers: 1,
        pageviews: 5,
      },
    ]);
    expect(parsed.errors).toEqual([
      {
        row: 2,
        field: 'dma_code',
        message: 'Unreadable dma_code "5,01" (digits, or empty for unknown).',
      },
    ]);
  });

  test('a BOM, CRLF line ends and a last line without a line break are read', async () => {
    const parsed = await parseVisits(
      chunked(
        bytes(`\uFEFF${HEADER}\r\n2016-06-01T15:30:00Z,501,3,1,5\r\n2016-06-01 15:31,0501,2.5,0,7`),
        7,
      ),
    );

    expect(parsed.errors).toEqual([]);
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-06-01T15:30:00Z'),
        dmaCode: '501',
        sessions: 3,
        newUsers: 1,
        pageviews: 5,
      },
      {
        bucketUtc: t('2016-06-01T15:31:00Z'),
        dmaCode: '501',
        sessions: 2.5,
        newUsers: 0,
        pageviews: 7,
      },
    ]);
  });

  test('reads the same whatever byte a chunk ends at, inside a row or a quoted cell', async () => {
    const data = bytes(
      `\uFEFF${HEADER}\r\n2016-06-01T15:30:00Z,501,3,1,5\r\n"2016-06-01T15:31:00Z","5""01",1,1,1\n\n2016-06-01T15:32:00Z,,12,4,1e1\r\n2016-06-01T15:33:00+00:00,602,"7",0.25,0`,
    );
    const whole = await parseVisits(chunked(data, data.length));

    for (let size = 1; size < data.length; size++) {
      expect(await parseVisits(chunked(data, size))).toEqual(whole);
    }
    expect(whole.rows).toBe(4);
    expect(whole.errors.map((e) => e.message)).toEqual([
      'Unreadable dma_code "5"01" (digits, or empty for unknown).',
    ]);
    expect(
      visitsRows(whole.visits!).map((r) => [r.dmaCode, r.sessions, r.newUsers, r.pageviews]),
    ).toEqual([
      ['501', 3, 1, 5],
      ['', 12, 4, 10],
      ['602', 7, 0.25, 0],
    ]);
  });

  test('numbers and times read from bytes equal what the text means', async () => {
    const parsed = await parseVisits([
      `${HEADER}\n`,
      '2016-02-29T23:59:00Z,501,0.1,123456789012345,1.7976931348623157e308\n',
      '1999-12-31 23:00:00.000Z,501, 4 ,0x10,.5\n',
      '2016-06-01T15:30:00-00:00,501,,0,0\n',
    ]);

    expect(parsed.errors).toEqual([]);
    expect(visitsRows(parsed.visits!)).toEqual([
      {
        bucketUtc: t('2016-02-29T23:59:00Z'),
        dmaCode: '501',
        sessions: 0.1,
        newUsers: 123456789012345,
        pageviews: 1.7976931348623157e308,
      },
      {
        bucketUtc: t('1999-12-31T23:00:00Z'),
        dmaCode: '501',
        sessions: 4,
        newUsers: 16,
        pageviews: 0.5,
      },
      {
        bucketUtc: t('2016-06-01T15:30:00Z'),
        dmaCode: '501',
        sessions: 0,
        newUsers: 0,
        pageviews: 0,
      },
    ]);
  });

  test('a bad row deep in a big file is named by its row number', async () => {
    const row = (i: number) =>
      `${new Date(Date.UTC(2016, 5, 1) + i * 60_000).toISOString().slice(0, 19)}Z,501,${i % 7},1,2\n`;
    const lines = Array.from({ length: 200_000 }, (_, i) =>
      i === 150_000 ? '2016-06-01T15:30:00Z,501,1,1,x\n' : row(i),
    );
    const data = bytes(`${HEADER}\n${lines.join('')}`);

    const parsed = await parseVisits(chunked(data, 65_536));

    expect(parsed.errors).toEqual([
      {
        row: 150_001,
        field: 'pageviews',
        message: 'Unreadable pageviews "x" (a non-negative number).',
      },
    ]);
    expect(parsed.visits?.length).toBe(199_999);
    expect(parsed.visits?.sessions[149_999]).toBe(149_999 % 7);
  });
});
