// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import {
  type PrintCustomizeInput,
  printCustomizeSchema,
  printOptionsSchema,
} from '#shared/contracts/print.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { buildPrintModel, type PrintImages } from '#shared/print/print-model';
import { PRINT_MAX_ROWS } from '#shared/print/print-tables';
import { renderPrintPage } from '../../../../lambdas/reports/print/render-html';
import { reportDoc, row, summary } from './fixtures';

const NO_IMAGES: PrintImages = { logo: null, stationLogo: null };

/** Renders a report like print_report does and parses the page. */
function print(
  doc: ReportDocument = reportDoc(),
  options: Record<string, unknown> = {},
  customize: PrintCustomizeInput = {},
  images: PrintImages = NO_IMAGES,
) {
  const model = buildPrintModel(
    doc,
    printOptionsSchema.parse(options),
    printCustomizeSchema.parse(customize),
    images,
    'America/New_York',
  );
  const page = renderPrintPage(model);
  const dom = new DOMParser().parseFromString(page.html, 'text/html');
  const text = (testId: string) =>
    dom.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, ' ') ?? null;
  return { page, dom, text };
}

/** The cells of a printed table: header row then body rows. */
function cells(dom: Document, dimension: string): string[][] {
  const table = dom.querySelector(`[data-testid="print-table-${dimension}"] table`);
  return [...(table?.querySelectorAll('tr') ?? [])].map((tr) =>
    [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
  );
}

describe('print template', () => {
  test('prints the cover page with logo, client, preparer, time frame, website and station', () => {
    const { dom, text } = print(
      reportDoc(),
      {},
      {
        cover: {
          preparer_name: 'Pat Smith',
          tracked_website: 'acme.com',
          show_station_logos: true,
        },
        station: { name: 'WABC-TV', phone: '212-555-0100' },
        rep: { rep_name: 'Jo Rep', rep_title: 'Account Executive' },
      },
      { logo: 'data:image/png;base64,AAAA', stationLogo: 'data:image/png;base64,BBBB' },
    );

    expect(text('print-cover')).toContain('Acme Mattress');
    expect(text('print-cover')).toContain('03/01/2024 – 03/31/2024');
    expect(text('print-cover')).toContain('Prepared by Pat Smith');
    expect(text('print-cover')).toContain('Website: acme.com');
    expect(text('print-station')).toBe('WABC-TV212-555-0100');
    expect(text('print-rep')).toBe('Jo RepAccount Executive');
    const images = [...dom.querySelectorAll('[data-testid="print-cover"] img')];
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      'data:image/png;base64,AAAA',
      'data:image/png;base64,BBBB',
    ]);
  });

  test('escapes user text instead of letting it become markup', () => {
    const { page, dom, text } = print(
      reportDoc({ advertiser: 'Acme <img src=x onerror=alert(1)>' }),
      {},
      {
        cover: { preparer_name: '<script>alert("x")</script>' },
        executive_summary: 'Great <b>month</b> & more',
      },
    );

    expect(dom.querySelector('script')).toBeNull();
    expect(dom.querySelector('b')).toBeNull();
    expect(dom.querySelectorAll('img')).toHaveLength(0);
    expect(text('print-cover')).toContain('Prepared by <script>alert("x")</script>');
    expect(text('print-executive-summary')).toContain('Great <b>month</b> & more');
    expect(page.options.headerHtml).toContain('Acme &lt;img src=x onerror=alert(1)&gt;');
  });

  test('prints the user executive summary as paragraphs split on blank lines', () => {
    const { dom } = print(reportDoc(), {}, { executive_summary: 'First point.\n\nSecond point.' });

    const paragraphs = [...dom.querySelectorAll('[data-testid="print-executive-summary"] p')].map(
      (p) => p.textContent,
    );
    expect(paragraphs).toEqual(['First point.', 'Second point.']);
  });

  test('writes an executive summary from the numbers when the user gave none', () => {
    const { text } = print();

    expect(text('print-executive-summary')).toContain(
      'Over 03/01/2024 – 03/31/2024, 120 airings brought 1.2k website visits within 8 minutes of an airing: 10.29 visits per airing (VPA).',
    );
    expect(text('print-executive-summary')).toContain('each attributed visit cost $0.97');
    expect(text('print-executive-summary')).toContain('the strongest station was W039 (VPA 13.00)');
  });

  test('with hourly visits the written summary speaks of clock hours, not minutes', () => {
    const doc = reportDoc();
    doc.settings = { ...doc.settings, resolution: 'hour' };
    doc.summary = { ...doc.summary, claim_holds: true };
    const { text } = print(doc);

    expect(text('print-executive-summary')).toContain(
      "website visits in the clock hours of an airing's 8-minute window (hourly visits)",
    );
    expect(text('print-executive-summary')).toContain(
      "website traffic rises at least 5% in the clock hours of an airing's 8-minute window.",
    );
    expect(text('print-executive-summary')).not.toContain('within 8 minutes');
  });

  test('prints every dimension table with ratios to 2 decimals and percentages above 60% as >60%', () => {
    const doc = reportDoc();
    doc.tables.daypart = [
      row('Prime', 4, 41, { contribution: 0.75 }),
      row('Daytime', 3, 10, { contribution: 0.25 }),
    ];

    const { dom } = print(doc);

    expect(cells(dom, 'daypart')).toEqual([
      ['Daypart', 'Ads', 'Visits', 'VPA', 'Traffic Contribution', 'Cost per Visit'],
      ['Prime', '4', '41', '10.25', '>60%', '$0.98'],
      ['Daytime', '3', '10', '3.33', '25.0%', '$3.00'],
    ]);
    expect(cells(dom, 'day_of_week')[1]?.[0]).toBe('Mon');
    expect(dom.querySelector('[data-testid="print-table-station"]')).not.toBeNull();
    expect(dom.querySelector('[data-testid="print-table-network"]')).toBeNull();
  });

  test('caps a long table and says how many rows it left out', () => {
    const { dom } = print();

    expect(cells(dom, 'program')).toHaveLength(PRINT_MAX_ROWS + 1);
    expect(dom.querySelector('[data-testid="print-table-program"]')?.textContent).toContain(
      `Top ${PRINT_MAX_ROWS} of 60 rows by VPA.`,
    );
  });

  test('adds share columns when volume_share exceeds 0 and drops hidden columns and tables', () => {
    const doc = reportDoc();
    doc.tables.daypart = [row('Prime', 4, 41, { volume_share: 0.7, traffic_share: 0.5 })];

    const { dom } = print(
      doc,
      {},
      { hidden_columns: ['cost_per_visit_cents'], hidden_sections: ['station'] },
    );

    expect(cells(dom, 'daypart')[0]).toEqual([
      'Daypart',
      'Ads',
      'Visits',
      'VPA',
      'Traffic Contribution',
      'Share of Ads',
      'Share of Visits',
      'Share of VPA',
    ]);
    expect(cells(dom, 'daypart')[1]?.slice(5)).toEqual(['>60%', '50.0%', '0.0%']);
    expect(dom.querySelector('[data-testid="print-table-station"]')).toBeNull();
  });

  test('shows KPI changes against the comparison period only when the report has one', () => {
    const without = print();
    const withCompare = print(
      reportDoc({
        report_compare_date_start: '2024-02-01',
        report_compare_date_end: '2024-02-29',
        compare: {
          summary: summary({ airings: 100, attributed_visits: 1000, cost_per_visit_cents: 120 }),
          tables: reportDoc().tables,
        },
      }),
    );

    expect(without.text('print-kpis')).not.toContain(' vs ');
    expect(withCompare.text('print-kpis')).toContain('Airings120+20.0% vs 100');
    expect(withCompare.text('print-kpis')).toContain(
      'Changes are against 02/01/2024 – 02/29/2024.',
    );
    const cost = [...withCompare.dom.querySelectorAll('.pr-kpi')].find((k) =>
      k.textContent?.startsWith('Cost per visit'),
    );
    expect(cost?.querySelector('.pr-tone--good')?.textContent).toBe('-19.0% vs $1.20');
  });

  test('draws the summary chart as SVG and leaves it out when the series is empty', () => {
    const drawn = print();
    const empty = print(reportDoc({ series: { bucket: 'hour', points: [] } }));

    expect(drawn.dom.querySelectorAll('[data-testid="print-chart"] svg polyline')).toHaveLength(2);
    expect(drawn.text('print-chart')).toContain('02/29 19:00');
    expect(empty.dom.querySelector('[data-testid="print-chart"]')).toBeNull();
  });

  test('puts the SAMPLE DATA watermark on sample reports only', () => {
    expect(print(reportDoc({ sample_data: true })).text('print-watermark')).toBe('SAMPLE DATA');
    expect(print().text('print-watermark')).toBeNull();
  });

  test.each([
    ['full', true, true],
    ['summary', true, false],
    ['tables', false, true],
  ])('panel %s prints the front pages: %s, tables: %s', (panel, front, tables) => {
    const { dom } = print(reportDoc(), { panel });

    expect(dom.querySelector('[data-testid="print-cover"]') !== null).toBe(front);
    expect(dom.querySelector('[data-testid="print-executive-summary"]') !== null).toBe(front);
    expect(dom.querySelector('[data-testid="print-kpis"]') !== null).toBe(front);
    expect(dom.querySelector('[data-testid="print-table-daypart"]') !== null).toBe(tables);
  });

  test('leaves the cover out when cover.show is false or the section is hidden', () => {
    expect(print(reportDoc(), {}, { cover: { show: false } }).text('print-cover')).toBeNull();
    expect(print(reportDoc(), {}, { hidden_sections: ['cover'] }).text('print-cover')).toBeNull();
  });

  test('sets letter landscape and the header and footer bands as asked', () => {
    const portrait = print();
    const landscape = print(reportDoc(), {
      landscape: true,
      include_header: false,
      include_footer: false,
    });

    expect(portrait.page.html).toContain('size: letter portrait');
    expect(portrait.page.options.headerHtml).toContain('03/01/2024 – 03/31/2024');
    expect(portrait.page.options.footerHtml).toContain('class="pageNumber"');
    expect(portrait.page.options.footerHtml).toContain('class="totalPages"');
    expect(landscape.page.html).toContain('size: letter landscape');
    expect(landscape.page.options).toEqual({ landscape: true });
  });

  test('prints foot traffic after the tables: store-visit KPIs, three tables and the locations', () => {
    const foot = {
      resolution: 'hour' as const,
      summary: summary({ total_visits: 12_300, attributed_visits: 410, vpa: 1.15 }),
      tables: {
        daypart: [row('Prime', 40, 120)],
        station: [row('WABC', 30, 90)],
        program: [row('News', 10, 20)],
      } as ReportDocument['tables'],
      locations: [
        { location_id: 'Store #1', dma_code: '501', visits: 8_100.4, share: 0.66 },
        { location_id: 'Kiosk', dma_code: '', visits: 4_200, share: 0.34 },
      ],
    };

    const { dom, text } = print(reportDoc({ foot_traffic: foot }));

    const section = text('print-foot-traffic') ?? '';
    expect(section).toContain('counted in the clock hour of each airing');
    expect(section).toContain('Store visits12.3k');
    expect(section).toContain('Store VPA1.15');
    const titles = [...dom.querySelectorAll('[data-testid="print-foot-traffic"] h3')].map(
      (h) => h.textContent,
    );
    expect(titles).toEqual(['Store visits', 'Daypart', 'Station', 'Locations']);
    const locations = [
      ...dom.querySelectorAll('[data-testid="print-foot-traffic-locations"] tbody tr'),
    ].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(locations).toEqual([
      ['Store #1', '501', '8,100', '>60%'],
      ['Kiosk', 'Unknown', '4,200', '34.0%'],
    ]);
    expect(print(reportDoc()).text('print-foot-traffic')).toBeNull();
    expect(
      print(reportDoc({ foot_traffic: foot }), { panel: 'summary' }).text('print-foot-traffic'),
    ).toBeNull();
  });

  test('printed foot traffic names a store by its nickname and says visits outside opening hours are not counted', () => {
    const foot = {
      resolution: 'minute' as const,
      summary: summary({ total_visits: 1_000 }),
      tables: { daypart: [row('Prime', 40, 120)] } as ReportDocument['tables'],
      locations: [
        { location_id: 'NYC-12', dma_code: '501', visits: 600, share: 0.6, nickname: 'Flagship' },
        { location_id: 'LA-3', dma_code: '803', visits: 400, share: 0.4 },
      ],
      outside_hours_excluded: true,
    };

    const { dom, text } = print(reportDoc({ foot_traffic: foot }));

    expect(text('print-foot-traffic')).toContain(
      'Store visits outside opening hours are not counted.',
    );
    const names = [
      ...dom.querySelectorAll(
        '[data-testid="print-foot-traffic-locations"] tbody tr td:first-child',
      ),
    ].map((td) => td.textContent);
    expect(names).toEqual(['Flagship (NYC-12)', 'LA-3']);
    const { outside_hours_excluded: _, ...allHours } = foot;
    expect(print(reportDoc({ foot_traffic: allHours })).text('print-foot-traffic')).not.toContain(
      'opening hours',
    );
  });

  test('forbids the page from loading anything but data: images', () => {
    const { dom } = print();

    expect(
      dom.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ).toContain("default-src 'none'; img-src data:");
  });
});
