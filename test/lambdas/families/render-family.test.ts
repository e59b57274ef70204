import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { FamilyDocument } from '#shared/contracts/families.schema';
import { familyCsv, familyPage, renderFamily } from '../../../lambdas/families/core/render';
import { localPdfRenderer } from '../../../lambdas/reports/adapters/local-pdf-renderer';

const doc: FamilyDocument = {
  kind: 'quarterly',
  title: 'Acme Mattress',
  subtitle: 'Quarterly report',
  period: { start: '2026-07-01', end: '2026-09-30', label: 'Q3 2026' },
  kpis: [
    { label: 'Attributed visits', unit: 'visits', value: 1234, prev: 1000, yoy: null },
    { label: 'Spend', unit: 'cents', value: 140_000, prev: 120_000, yoy: 150_000 },
  ],
  sections: [
    {
      kind: 'chart',
      title: 'Weekly trend',
      series: [
        {
          label: 'Attributed visits',
          points: [
            { x: '06/29', y: 10 },
            { x: '07/06', y: 30 },
          ],
        },
      ],
    },
    {
      kind: 'table',
      title: 'Best stations',
      columns: [
        { key: 'label', label: 'Station', unit: 'text' },
        { key: 'vpa', label: 'Visits per airing', unit: 'vpa' },
        { key: 'cpv', label: 'Cost per visit', unit: 'cents' },
        { key: 'share', label: 'Share of visits', unit: 'pct' },
      ],
      rows: [
        { label: '=WAAA, "East"', vpa: 10, cpv: 1386.1386, share: 0.396 },
        { label: 'WBBB', vpa: 5, cpv: null, share: 0.25 },
      ],
    },
    { kind: 'text', title: 'Recommendations', paragraphs: ['Move weight toward <WAAA>.'] },
  ],
  executive: { headline: '1,234 attributed visits in Q3 2026.', bullets: ['Best station: WAAA.'] },
};

const renderer = localPdfRenderer();
afterAll(async () => {
  await (renderer as unknown as { close?: () => Promise<void> }).close?.();
});

describe('a rendered family report', () => {
  it('is a PDF through the print path, the executive page first', async () => {
    const out = await renderFamily(
      { renderer, clock: { now: () => new Date('2026-11-26T12:00:00Z') } },
      doc,
      { csv: true },
    );
    expect(Buffer.from(out.pdf.subarray(0, 4)).toString()).toBe('%PDF');
    expect(out.pages).toBeGreaterThanOrEqual(2);
    if (process.env.FAMILY_PDF_OUT) writeFileSync(process.env.FAMILY_PDF_OUT, out.pdf);
    expect(out.csv).toContain('Best stations');
  });

  it('escapes names in the page and allows only inline content', () => {
    const page = familyPage(doc, '11/26/2026');
    expect(page.html).toContain('Move weight toward &lt;WAAA&gt;.');
    expect(page.html).toContain('default-src &#x27;none&#x27;');
    expect(page.html).toContain('$13.86');
    expect(page.html).toContain('39.6%');
    expect(page.options.footerHtml).toContain('11/26/2026');
  });

  it('writes every table as CSV with exact numbers and no spreadsheet formulas', () => {
    expect(familyCsv(doc)).toBe(
      [
        'Best stations',
        'Station,Visits per airing,Cost per visit,Share of visits',
        `"'=WAAA, ""East""",10,13.86,0.396`,
        'WBBB,5,,0.25',
        '',
        '',
      ].join('\r\n'),
    );
    expect(familyCsv({ ...doc, sections: [] })).toBeNull();
  });
});
