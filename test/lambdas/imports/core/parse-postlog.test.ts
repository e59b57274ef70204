import { describe, expect, test } from 'vitest';
import { marketIndex } from '../../../../lambdas/imports/core/markets';
import { type PostlogOptions, parsePostlog } from '../../../../lambdas/imports/core/parse-postlog';

const markets = marketIndex([
  { code: '501', name: 'New York', tz: 'America/New_York', longName: 'New York, NY' },
  { code: '753', name: 'Phoenix (Prescott)', tz: 'America/Phoenix', longName: 'Phoenix, AZ' },
]);
const opts: PostlogOptions = { advertiser: 'Acme', markets };
const csv = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));
const HEADER = 'Station,Type,Market,Air Date,Air Time,ISCI,Length,Rate,Advertiser';

describe('parsePostlog', () => {
  test('normalises a clean row to an airing in the market local time', async () => {
    const parsed = await parsePostlog(
      csv(`${HEADER}\nWABC,broadcast_tv,New York,6/1/2016,8:30 PM,AC1,:30,$250.00,`),
      opts,
    );

    expect(parsed.errors).toEqual([]);
    expect(parsed.airings).toHaveLength(1);
    expect(parsed.airings[0]).toMatchObject({
      id: '1',
      station: 'WABC',
      stationType: 'tv',
      market: '501',
      tz: 'America/New_York',
      startUtc: Date.parse('2016-06-02T00:30:00Z') / 1000,
      creative: 'AC1',
      lengthS: 30,
      costCents: 25000,
      advertiser: 'Acme',
    });
  });

  test('uses the DMA zone (Phoenix keeps standard time in summer)', async () => {
    const parsed = await parsePostlog(csv(`${HEADER}\nKPHO,tv,753,2016-07-01,12:00,C,30,,`), opts);

    expect(parsed.airings[0]?.startUtc).toBe(Date.parse('2016-07-01T19:00:00Z') / 1000);
  });

  test('national cable rows need no market', async () => {
    const parsed = await parsePostlog(
      csv('Station,Type,Date\nCNN,national_cable,2016-06-01T15:30:06Z'),
      opts,
    );

    expect(parsed.errors).toEqual([]);
    expect(parsed.airings[0]).toMatchObject({ market: 'national', stationType: 'cable' });
  });

  test('each error names its 1-based data row and plspots field', async () => {
    const parsed = await parsePostlog(
      csv(
        `${HEADER}\nWABC,tv,New York,6/1/2016,8:30 PM,A,30,,\n,tv,Atlantis,6/1/2016,9:00 PM,A,30,abc,\nWABC,blimp,501,6/1/2016,9:00 PM,A,x,,`,
      ),
      opts,
    );

    expect(parsed.errors).toEqual([
      { row: 2, field: 'station', message: 'Station is blank.' },
      {
        row: 2,
        field: 'market',
        message: 'Unknown market "Atlantis" (use a DMA code, a DMA name or national).',
      },
      { row: 2, field: 'cost', message: 'Unreadable cost "abc".' },
      {
        row: 3,
        field: 'station_type',
        message: 'Unknown station type "blimp" (use tv, radio, cable, streaming or podcast).',
      },
      { row: 3, field: 'length', message: 'Unreadable length "x".' },
    ]);
    expect(parsed.error_count).toBe(5);
    expect(parsed.airings).toHaveLength(1);
  });

  test('flags a 19XX year with a proposed fix, and applies it when accepted', async () => {
    const rows = csv(`${HEADER}\nWABC,tv,501,6/1/1916,8:30 PM,A,30,,`);

    const flagged = await parsePostlog(rows, opts);
    const fixed = await parsePostlog(rows, { ...opts, fixYears: true });

    expect(flagged.errors).toEqual([
      {
        row: 1,
        field: 'date',
        message: 'Year 1916 looks wrong: change to 2016?',
        proposed: '6/1/2016',
      },
    ]);
    expect(fixed.errors).toEqual([]);
    expect(fixed.airings[0]?.startUtc).toBe(Date.parse('2016-06-02T00:30:00Z') / 1000);
  });

  test('counts blank creatives and zero lengths as warnings and keeps the airings', async () => {
    const parsed = await parsePostlog(
      csv(
        `${HEADER}\nWABC,tv,501,6/1/2016,8:30 PM,,30,,\nWABC,tv,501,6/1/2016,9:30 PM,A,0,,\nWABC,tv,501,6/1/2016,10:30 PM,,:00,,`,
      ),
      opts,
    );

    expect(parsed.warning_count).toBe(4);
    expect(parsed.warnings.map((w) => `${w.row}:${w.field}`)).toEqual([
      '1:creative',
      '2:length',
      '3:length',
      '3:creative',
    ]);
    expect(parsed.airings).toHaveLength(3);
    expect(parsed.errors).toEqual([]);
  });

  test('collapses repeated airings (same station, second, market, creative) to one', async () => {
    const line = 'WABC,tv,501,6/1/2016,8:30 PM,A,30,,';
    const parsed = await parsePostlog(
      csv(`${HEADER}\n${line}\n${line}\nWABC,tv,501,6/1/2016,8:30 PM,B,30,,`),
      opts,
    );

    expect(parsed.airings.map((a) => a.creative)).toEqual(['A', 'B']);
    expect(parsed.duplicates).toBe(1);
  });

  test('an advertiser column splits rows between advertisers; blank cells fall back', async () => {
    const parsed = await parsePostlog(
      csv(
        `${HEADER}\nWABC,tv,501,6/1/2016,8:30 PM,A,30,,Zeta\nWABC,tv,501,6/1/2016,9:30 PM,A,30,,`,
      ),
      opts,
    );

    expect(parsed.airings.map((a) => a.advertiser)).toEqual(['Zeta', 'Acme']);
  });

  test('a missing required column is an error at row 0 naming the field', async () => {
    const parsed = await parsePostlog(csv('Network,Air Date\nABC,6/1/2016 8:00 PM'), opts);

    expect(parsed.errors).toEqual([
      { row: 0, field: 'station', message: 'No column maps to station.' },
      {
        row: 0,
        field: 'market',
        message: 'No column maps to market (needed by every row that is not national).',
      },
    ]);
    expect(parsed.airings).toEqual([]);
    expect(parsed.rows).toBe(1);
  });

  test('a mapping override makes an unmatched column usable', async () => {
    const parsed = await parsePostlog(csv('Outlet Code,Air Date,DMA\nWABC,6/1/2016 8:00 PM,501'), {
      ...opts,
      mapping: { station: 'Outlet Code' },
    });

    expect(parsed.errors).toEqual([]);
    expect(parsed.airings[0]?.station).toBe('WABC');
  });
});
