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
          'Unrecognised visits header "date,visits": expected "minute_utc,dma_code,sessions,new_users,pageviews" or "hour_utc,dma_code,sessions,new_users,pageviews".',
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
});
