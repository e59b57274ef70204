import { describe, expect, test } from 'vitest';
import {
  dollarsToCents,
  parseIsoUtc,
  parseMonitoringCsv,
} from '../../../../lambdas/call-centre/core/monitoring-csv';

const HEADER = 'advertiser,industry_id,station,dma_code,program,start_utc,length_s,cost';
const GOOD = 'Acme Motors,1553,WADMO,501,Morning News,2024-01-05T15:00:00Z,30,125.50';
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

describe('parseMonitoringCsv', () => {
  test('reads a row into an airing with epoch seconds and integer cents', () => {
    const out = parseMonitoringCsv(csv(GOOD));

    expect(out.errors).toEqual([]);
    expect(out.airings).toEqual([
      {
        advertiser: 'Acme Motors',
        industry_id: '1553',
        station: 'WADMO',
        market: '501',
        program: 'Morning News',
        start_utc: Date.parse('2024-01-05T15:00:00Z') / 1000,
        length_s: 30,
        cost_cents: 12550,
      },
    ]);
  });

  test('takes columns in any order, quoted cells, CRLF, and no cost or program column', () => {
    const text =
      'DMA_Code,Start_UTC,Station,Length_s,Advertiser\r\n' +
      '602,2024-01-05T15:00:00.250Z,KADMO,15,"Smith, Jones & Co"\r\n';

    const out = parseMonitoringCsv(text);

    expect(out.errors).toEqual([]);
    expect(out.airings[0]).toMatchObject({
      advertiser: 'Smith, Jones & Co',
      industry_id: '',
      program: '',
      cost_cents: null,
      start_utc: Date.parse('2024-01-05T15:00:00Z') / 1000,
    });
  });

  test.each([
    ['advertiser', ',1553,WADMO,501,News,2024-01-05T15:00:00Z,30,', 'Row 2: advertiser is empty'],
    [
      'industry_id',
      'Acme,food,WADMO,501,News,2024-01-05T15:00:00Z,30,',
      'Row 2: industry_id is not',
    ],
    ['station', 'Acme,1553, ,501,News,2024-01-05T15:00:00Z,30,', 'Row 2: station is empty'],
    ['dma_code', 'Acme,1553,WADMO,NY,News,2024-01-05T15:00:00Z,30,', 'Row 2: dma_code is not'],
    [
      'start_utc',
      'Acme,1553,WADMO,501,News,01/05/2024 3:00 PM,30,',
      'Row 2: start_utc is not an ISO-8601 UTC time',
    ],
    [
      'start_utc',
      'Acme,1553,WADMO,501,News,2024-01-05T15:00:00-05:00,30,',
      'Row 2: start_utc is not an ISO-8601 UTC time',
    ],
    [
      'start_utc',
      'Acme,1553,WADMO,501,News,2023-02-29T15:00:00Z,30,',
      'Row 2: start_utc is not an ISO-8601 UTC time',
    ],
    ['length_s', 'Acme,1553,WADMO,501,News,2024-01-05T15:00:00Z,0:30,', 'Row 2: length_s is not'],
    ['cost', 'Acme,1553,WADMO,501,News,2024-01-05T15:00:00Z,30,12.345', 'Row 2: cost is not'],
    ['cost', 'Acme,1553,WADMO,501,News,2024-01-05T15:00:00Z,30,-5', 'Row 2: cost is not'],
    ['row', 'Acme,1553,WADMO,501', 'Row 2: has 4 columns, the header has 8'],
  ])('names the row and the column %s', (column, bad, message) => {
    const out = parseMonitoringCsv(csv(GOOD, bad, GOOD));

    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ row: 2, column });
    expect(out.errors[0]?.message.startsWith(message)).toBe(true);
    expect(out.airings).toHaveLength(2);
  });

  test('reports a missing required column once, on the header', () => {
    const out = parseMonitoringCsv('advertiser,station,dma_code,length_s\nAcme,WADMO,501,30\n');

    expect(out.errors).toEqual([
      { row: 0, column: 'start_utc', message: 'Header: no start_utc column' },
    ]);
    expect(out.airings).toEqual([]);
  });

  test('rejects a file with only a header, and counts errors beyond the kept ones', () => {
    const bad = Array.from({ length: 5 }, () => 'Acme,1553,WADMO,501,News,yesterday,30,');

    expect(parseMonitoringCsv(`${HEADER}\n`).errorCount).toBe(1);
    const out = parseMonitoringCsv(csv(...bad), 3);
    expect(out.errorCount).toBe(5);
    expect(out.errors.map((e) => e.row)).toEqual([1, 2, 3]);
  });
});

describe('dollarsToCents', () => {
  test.each([
    ['0.29', 29],
    ['0.57', 57],
    ['1.00', 100],
    ['4.35', 435],
    ['1,234.5', 123450],
    ['$19.99', 1999],
    ['1234567.89', 123456789],
    ['7', 700],
    ['', null],
    ['  ', null],
    ['1.234', undefined],
    ['12,34', undefined],
    ['abc', undefined],
    ['-1.00', undefined],
  ])('%j is %j cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  test('never drifts the way float maths does (0.07 * 100 = 7.000000000000001)', () => {
    const sum = ['0.07', '0.10', '0.20', '0.01'].reduce((s, t) => s + (dollarsToCents(t) ?? 0), 0);

    expect(sum).toBe(38);
    expect(Number.isInteger(dollarsToCents('0.07'))).toBe(true);
  });
});

describe('parseIsoUtc', () => {
  test.each([
    ['2016-06-01T15:30:06Z', Date.UTC(2016, 5, 1, 15, 30, 6) / 1000],
    ['2016-06-01T15:30Z', Date.UTC(2016, 5, 1, 15, 30) / 1000],
    ['2016-06-01T15:30:06+00:00', Date.UTC(2016, 5, 1, 15, 30, 6) / 1000],
    ['2016-02-29T00:00:00Z', Date.UTC(2016, 1, 29) / 1000],
    ['2016-13-01T00:00:00Z', null],
    ['2016-06-01T24:00:00Z', null],
    ['2016-06-01 15:30:06', null],
    ['2016-06-01', null],
  ])('%j is %j', (text, seconds) => {
    expect(parseIsoUtc(text)).toBe(seconds);
  });
});
