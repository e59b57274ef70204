import { describe, expect, test } from 'vitest';
import type { AvailableProducts } from '#shared/billing/available-products';
import { printReportRequestSchema } from '#shared/contracts/print.schema';
import type {
  PeriodResult,
  ReportDocument,
  StoredReportView,
} from '#shared/contracts/report.schema';
import { blankCreative } from '#shared/creatives/creatives';
import { MemoryCreatives } from '#shared/creatives/memory-creatives';
import { Forbidden } from '#shared/errors';
import { fetchDrilldowns } from '../../../../lambdas/reports/core/drilldowns';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { printReport } from '../../../../lambdas/reports/print/print-report';
import { unfilteredTables } from '../drill-fixture';
import { alice, allowancePorts } from '../fakes';
import { pastFreeReports } from '../gate-fixture';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../print/fakes';
import { reportDoc } from '../print/fixtures';
import { industryDeps } from '../print/industry-fixtures';

/** A stored view of client-a's report r-1 with creative tables and foot traffic. */
function viewWithCreativesAndStores(): StoredReportView {
  const tables = unfilteredTables() as ReportDocument['tables'];
  const { airings: _a, ...doc } = reportDoc();
  const period: PeriodResult = { summary: doc.summary, tables };
  return {
    ...doc,
    tables,
    compare: period,
    report_compare_date_start: '2024-02-01',
    report_compare_date_end: '2024-02-29',
    foot_traffic: {
      ...period,
      resolution: 'hour',
      locations: [{ location_id: 'Store #12', dma_code: '501', visits: 40, share: 1 }],
    },
    airing_count: 7,
  };
}

/** alice past her two free reports, with `flags` from her plan (or within them with `free`). */
const setup = (flags: Partial<AvailableProducts> = {}, opts: { free?: boolean } = {}) =>
  pastFreeReports(viewWithCreativesAndStores(), flags, opts);

/** Every creative name a period still carries: the creative table's rows and per-row lists. */
function creativesIn(period: Pick<PeriodResult, 'tables'> | null | undefined): string[] {
  if (!period) return [];
  const rows = Object.values(period.tables).flat();
  return [
    ...(period.tables.creative ?? []).map((r) => r.label),
    ...rows.flatMap((r) => r.creatives.map((c) => c.creative)),
  ];
}

const none = { broadcast_type: 'all' as const, drill: [] };

describe('get_report withholds the creative breakdowns and foot traffic past the free reports', () => {
  test('without Creative, no creative table, no per-row creatives, in either period', async () => {
    const deps = await setup();

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view.max_reports).toBe(true);
    expect(creativesIn(view)).toEqual([]);
    expect(creativesIn(view.compare)).toEqual([]);
    expect(view.locked_sections).toContain('creatives');
    expect(view.tables.station?.length).toBeGreaterThan(0);
  });

  test('without Foot traffic, the foot traffic section is not sent', async () => {
    const deps = await setup();

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view.foot_traffic).toBeNull();
    expect(view.locked_sections).toContain('foot_traffic');
    expect(JSON.stringify(view)).not.toContain('Store #12');
  });

  test('the Creative unlock (pro_creatives) brings the creative breakdowns back', async () => {
    const deps = await setup({ pro_creatives: true });

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(creativesIn(view)).toContain('SPOT-A');
    expect(creativesIn(view.compare)).toContain('SPOT-A');
    expect(view.locked_sections).toEqual(['foot_traffic']);
  });

  test('the Foot traffic unlock (pro_foot_traffic) brings the section back, its creatives still locked', async () => {
    const deps = await setup({ pro_foot_traffic: true });

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(view.foot_traffic?.locations[0]?.location_id).toBe('Store #12');
    expect(creativesIn(view.foot_traffic)).toEqual([]);
    expect(view.locked_sections).toEqual(['creatives']);
  });

  test('one of the two free reports shows everything', async () => {
    const deps = await setup({}, { free: true });

    const view = await getReport(deps, alice, { client_uid: 'client-a' });

    expect(creativesIn(view)).toContain('SPOT-A');
    expect(view.foot_traffic).not.toBeNull();
    expect(view.locked_sections).toEqual([]);
  });

  test('Advertiser Insights shows everything', async () => {
    const deps = await setup();
    const paying = { ...deps, ...allowancePorts(['alice']), usage: deps.usage };

    const view = await getReport(paying, alice, { client_uid: 'client-a' });

    expect(creativesIn(view)).toContain('SPOT-A');
    expect(view.foot_traffic).not.toBeNull();
  });
});

describe('fetch_drilldowns withholds the creative breakdowns past the free reports', () => {
  test('without Creative the filtered tables carry no creative names', async () => {
    const deps = await setup();

    const view = await fetchDrilldowns(deps, alice, { client_uid: 'client-a', filters: none });
    const stream = await fetchDrilldowns(
      deps,
      alice,
      { client_uid: 'client-a', filters: none },
      'stream',
    );

    expect(creativesIn(view.main)).toEqual([]);
    expect(creativesIn(view.compare)).toEqual([]);
    expect(creativesIn(stream.main)).toEqual([]);
    expect(view.main.tables.station?.length).toBeGreaterThan(0);
  });

  test('a drill-down into a creative is refused without Creative', async () => {
    const deps = await setup();

    await expect(
      fetchDrilldowns(deps, alice, {
        client_uid: 'client-a',
        filters: { broadcast_type: 'all', drill: [{ dimension: 'creative', key: 'SPOT-A' }] },
      }),
    ).rejects.toBeInstanceOf(Forbidden);
  });

  test('with Creative the creative table and drill-down are there', async () => {
    const deps = await setup({ pro_creatives: true });

    const view = await fetchDrilldowns(deps, alice, { client_uid: 'client-a', filters: none });
    const key = view.main.tables.creative?.[0]?.key ?? '';
    const drilled = await fetchDrilldowns(deps, alice, {
      client_uid: 'client-a',
      filters: { broadcast_type: 'all', drill: [{ dimension: 'creative', key }] },
    });

    expect(creativesIn(view.main)).toContain('SPOT-A');
    expect(drilled.main.summary.airings).toBeGreaterThan(0);
  });
});

describe('print_report leaves out what the caller has not unlocked', () => {
  async function printer(flags: Partial<AvailableProducts> = {}) {
    const deps = await setup(flags);
    const renderer = new FakeRenderer();
    const print = {
      ...deps,
      renderer,
      files: new MemoryPdfFiles(),
      images: new FakeImages(),
      insights: await industryDeps(deps.companies, deps.store),
    };
    const request = printReportRequestSchema.parse({ client_uid: 'client-a' });
    return { print, renderer, request };
  }

  test('without Creative and Foot traffic the PDF has no creative breakdowns and no stores', async () => {
    const { print, renderer, request } = await printer();

    await printReport(print, alice, request);

    expect(renderer.calls[0]?.html).not.toContain('SPOT-A');
    expect(renderer.calls[0]?.html).not.toContain('Store #12');
  });

  test('with both unlocks the PDF has them', async () => {
    const { print, renderer, request } = await printer({
      pro_creatives: true,
      pro_foot_traffic: true,
    });

    await printReport(print, alice, request);

    expect(renderer.calls[0]?.html).toContain('SPOT-A');
    expect(renderer.calls[0]?.html).toContain('Store #12');
  });

  test('the PDF shows the name a user gave a creative, and a rename prints anew', async () => {
    const { print, renderer, request } = await printer({ pro_creatives: true });
    const creatives = new MemoryCreatives();
    const named = (name: string) =>
      creatives.put({
        ...blankCreative('client-a', 'SPOT-A', new Date('2026-11-20T00:00:00Z')),
        name,
      });
    await named('Spring sale :30');

    await printReport({ ...print, creatives }, alice, request);
    await named('Summer sale :30');
    await printReport({ ...print, creatives }, alice, request);

    expect(renderer.calls[0]?.html).toContain('Spring sale :30');
    expect(renderer.calls).toHaveLength(2);
    expect(renderer.calls[1]?.html).toContain('Summer sale :30');
  });

  test('a printout made for an entitled caller is never reused for one without the unlocks', async () => {
    const { print, renderer, request } = await printer({
      pro_creatives: true,
      pro_foot_traffic: true,
    });
    await printReport(print, alice, request);
    const locked = { ...print, ...allowancePorts(), usage: print.usage };

    await printReport(locked, alice, request);

    expect(renderer.calls).toHaveLength(2);
    expect(renderer.calls[1]?.html).not.toContain('SPOT-A');
  });
});
