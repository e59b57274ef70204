import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { pdfFileName, rollupZip, summaryCsv } from '../../../../lambdas/families/core/org-rollup';
import { statsFromScored } from '../../../../lambdas/families/core/org-rollup-engine';
import { st, statsOf } from './org-fakes';

describe('organisation roll-up files', () => {
  test('the summary CSV has one row per client with hand-computed figures, failures kept', () => {
    const csv = summaryCsv([
      {
        client_uid: 'c1',
        client: 'Acme, Inc.',
        pdf: 'Acme-Inc.pdf',
        stats: statsOf('c1', [
          st('WABC', '501', 10, 50.4, 20_000),
          st('KABC', '803', 2, 30, 1_000),
        ]),
      },
      { client_uid: 'c2', client: '=HYPERLINK("x")', pdf: null, stats: null, error: 'No visits' },
    ]);

    expect(csv.split('\r\n')).toEqual([
      'client,client_uid,airings,visits,vpa,spend_usd,cost_per_visit_usd,best_station,pdf,status',
      // 80.4 visits / 12 airings = 6.70; $210.00 / 80.4 = 261 cents; KABC 15.00 beats WABC 5.04.
      '"Acme, Inc.",c1,12,80,6.7,210.00,2.61,KABC,Acme-Inc.pdf,ok',
      `"'=HYPERLINK(""x"")",c2,,,,,,,,failed: No visits`,
      '',
    ]);
  });

  test('file names are safe and unique', () => {
    const taken = new Set<string>();
    expect(pdfFileName('../Acme / Co', taken)).toBe('Acme-Co.pdf');
    expect(pdfFileName('acme co', taken)).toBe('acme-co-2.pdf');
    expect(pdfFileName('★★', taken)).toBe('client.pdf');
  });

  test('the zip holds every PDF and summary.csv', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 test');

    const zip = rollupZip(
      [
        { name: 'a.pdf', bytes: pdf },
        { name: 'b.pdf', bytes: pdf },
      ],
      'x\r\n',
    );

    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['a.pdf', 'b.pdf', 'summary.csv']);
    expect(new TextDecoder().decode(files['a.pdf'])).toBe('%PDF-1.7 test');
  });
});

describe("figures from the airings' verdicts", () => {
  test('airings, signed visits and known spend per station and market', () => {
    const scored = (station: string, market: string, attributed: number, cost: number | null) => ({
      airing: { station, market, costCents: cost },
      result: { attributed },
    });

    const stats = statsFromScored('c1', [
      scored('wabc', '501', 5, 1_000),
      scored('WABC', '501', -1, null),
      scored('WABC', '803', 2, 500),
      scored('KX', '', 4, null),
    ] as never);

    expect(stats).toEqual({
      client_uid: 'c1',
      airings: 4,
      visits: 10,
      cost_cents: 1_500,
      stations: [
        { station: 'KX', market: 'NATIONAL', airings: 1, visits: 4, cost_cents: null },
        { station: 'WABC', market: '501', airings: 2, visits: 4, cost_cents: 1_000 },
        { station: 'WABC', market: '803', airings: 1, visits: 2, cost_cents: 500 },
      ],
    });
    expect(statsFromScored('c1', [])).toMatchObject({ airings: 0, cost_cents: null, stations: [] });
  });
});
