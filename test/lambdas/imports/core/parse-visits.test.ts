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
