import { describe, expect, test } from 'vitest';
import { broadcastCsv, csvCell, csvFileName, toCsv } from '../../../web/src/lib/csv';
import { broadcastRow } from '../../support/broadcast-row';

describe('CSV cells', () => {
  test('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('WABC-TV')).toBe('WABC-TV');
    expect(csvCell('News, 6 PM')).toBe('"News, 6 PM"');
    expect(csvCell('The "Late" Show')).toBe('"The ""Late"" Show"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  test('defuses text a spreadsheet would run as a formula, but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  test('a document has a header and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
});

describe('a broadcast table as CSV', () => {
  test('writes the signed estimates, fractions and dollars behind the screen, in the given order', () => {
    const rows = [
      broadcastRow('Prime', 4, 10, { halo: true, ci_low: 2.345, ci_high: 17.5, p_value: 0.01234 }),
      broadcastRow('Overnight', 2, -1, { directional: true }),
    ];

    const lines = broadcastCsv('Daypart', rows, false).trimEnd().split('\r\n');

    expect(lines[0]).toBe(
      'Daypart,Ads,Visits,VPA,Traffic Contribution,Cost,Cost per Visit,Visits 95% low,Visits 95% high,p-value,Halo,Directional,ROI (visits per $),Impressions,Visits per impression',
    );
    // Prime: 4 airings at $10 = $40, 10 visits -> VPA 2.5, $4.00 per visit, 0.25 visits per $.
    expect(lines[1]).toBe('Prime,4,10,2.5,0.1,40,4,2.35,17.5,0.0123,yes,,0.25,,');
    // Overnight keeps its negative estimate; no cost per visit without visits.
    expect(lines[2]).toBe('Overnight,2,-1,-0.5,0.1,20,,0,0,0.5,,yes,-0.05,,');
  });

  test('podcast rows carry their downloads and visits per download', () => {
    const row = broadcastRow('Pod', 3, 30, {
      type: 'podcast',
      impressions: 12_000,
      visits_per_impression: 0.0025,
    });

    const line = broadcastCsv('Station', [row], false).split('\r\n')[1];

    expect(line?.endsWith(',12000,0.0025')).toBe(true);
  });

  test('adds the share columns when the table shows them', () => {
    const csv = broadcastCsv('Station', [broadcastRow('WXYZ', 1, 1, { volume_share: 0.25 })], true);

    expect(csv.split('\r\n')[0]).toContain('Share of Ads,Share of Visits,Share of VPA');
    expect(csv.split('\r\n')[1]).toContain(',0.25,');
  });

  test('file names keep only safe characters', () => {
    expect(csvFileName('Demo Advertiser 2016-09-02 2016-10-31', 'daypart')).toBe(
      'Demo-Advertiser-2016-09-02-2016-10-31_daypart.csv',
    );
    expect(csvFileName('../../etc/passwd', 'station')).toBe('..-..-etc-passwd_station.csv');
  });

  test('foot-traffic tables name their response columns as the screen does', () => {
    const header = broadcastCsv('Daypart', [], true, {
      traffic: 'Store visits',
      visitsper: 'Store VPA',
      cost_per_visit_cents: 'Cost per store visit',
      traffic_share: 'Share of store visits',
    }).split('\r\n')[0];

    expect(header).toBe(
      'Daypart,Ads,Store visits,Store VPA,Traffic Contribution,Cost,Cost per store visit,Share of Ads,Share of store visits,Share of VPA,Store visits 95% low,Store visits 95% high,p-value,Halo,Directional,ROI (visits per $),Impressions,Visits per impression',
    );
  });
});
