import { describe, expect, test } from 'vitest';
import type { AvailableProducts } from '#shared/billing/available-products';
import { printReportRequestSchema } from '#shared/contracts/print.schema';
import type { ReportDocument, StoredReportView } from '#shared/contracts/report.schema';
import { fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { printReport } from '../../../../lambdas/reports/print/print-report';
import { unfilteredTables } from '../drill-fixture';
import { alice } from '../fakes';
import { pastFreeReports } from '../gate-fixture';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../print/fakes';
import { reportDoc } from '../print/fixtures';
import { industryDeps } from '../print/industry-fixtures';
import { proDigitalSection } from '../pro-digital-fixture';

/** client-a's report r-1 with a Pro Digital section (station WDIGI, creative SPOT-DIGITAL). */
function view(): StoredReportView {
  const { airings: _a, ...doc } = reportDoc();
  return {
    ...doc,
    tables: unfilteredTables() as ReportDocument['tables'],
    pro_digital: proDigitalSection(),
    airing_count: 7,
  };
}

/** alice past her two free reports, with `flags` from her plan (or within them with `free`). */
const setup = (flags: Partial<AvailableProducts> = {}, opts: { free?: boolean } = {}) =>
  pastFreeReports(view(), flags, opts);

describe('get_report gates the Pro Digital section past the free reports', () => {
  test('without Website impact and Detailed digital metrics, no Pro Digital figures are sent', async () => {
    const deps = await setup();

    const report = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(report.pro_digital?.overall).toBeNull();
    expect(report.pro_digital?.tables).toBeNull();
    expect(report.locked_sections).toEqual(
      expect.arrayContaining(['website_impact', 'detailed_digital_metrics']),
    );
    expect(JSON.stringify(report)).not.toContain('WDIGI');
    expect(JSON.stringify(report.pro_digital)).not.toContain('0.42');
  });

  test('Website impact (pro_web) opens the overall comparison only', async () => {
    const deps = await setup({ pro_web: true });

    const report = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(report.pro_digital?.overall?.new_user_share).toEqual({
      in_window: 0.42,
      baseline: 0.31,
    });
    expect(report.pro_digital?.tables).toBeNull();
    expect(report.locked_sections).toContain('detailed_digital_metrics');
    expect(report.locked_sections).not.toContain('website_impact');
  });

  test('Detailed digital metrics (pro_detailed) opens the tables, creatives still behind Creative', async () => {
    const deps = await setup({ pro_detailed: true });

    const report = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(report.pro_digital?.overall).toBeNull();
    expect(report.pro_digital?.tables?.station.map((r) => r.label)).toEqual(['WDIGI']);
    expect(report.pro_digital?.tables?.creative).toEqual([]);
    expect(report.locked_sections).toContain('website_impact');
  });

  test('with Detailed digital metrics and Creative, the creative table is there too', async () => {
    const deps = await setup({ pro_detailed: true, pro_creatives: true });

    const report = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(report.pro_digital?.tables?.creative.map((r) => r.label)).toEqual(['SPOT-DIGITAL']);
  });

  test('within the free reports the whole section shows', async () => {
    const deps = await setup({}, { free: true });

    const report = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(report.pro_digital).toEqual(proDigitalSection());
    expect(report.locked_sections).toEqual([]);
  });
});

describe('drill-downs and print_report', () => {
  test('fetch_drilldowns never carries Pro Digital figures', async () => {
    const deps = await setup();

    const drilled = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: { broadcast_type: 'all', drill: [] },
    });

    expect(JSON.stringify(drilled)).not.toContain('WDIGI');
    expect(drilled).not.toHaveProperty('pro_digital');
  });

  async function print(flags: Partial<AvailableProducts>) {
    const deps = await setup(flags);
    const renderer = new FakeRenderer();
    await printReport(
      {
        ...deps,
        renderer,
        files: new MemoryPdfFiles(),
        images: new FakeImages(),
        insights: await industryDeps(deps.companies, deps.store),
      },
      alice,
      printReportRequestSchema.parse({ client_uid: 'client-a' }),
    );
    return renderer.calls[0]?.html ?? '';
  }

  test('the PDF prints the section only as far as the caller has unlocked it', async () => {
    const locked = await print({});
    const open = await print({ pro_web: true, pro_detailed: true });

    expect(locked).toContain('Pro Digital');
    expect(locked).toContain('Website impact is part of a paid plan');
    expect(locked).not.toContain('WDIGI');
    expect(locked).not.toContain('42.0%');
    expect(open).toContain('WDIGI');
    expect(open).toContain('42.0%');
    expect(open).toContain('+11.0 pts');
    expect(open).toContain('1m 14s');
  });
});
