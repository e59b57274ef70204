import { describe, expect, test } from 'vitest';
import {
  AVAILABLE_PRODUCT_FLAGS,
  type AvailableProductFlag,
  deriveAvailableProducts,
} from '#shared/billing/available-products';
import type { SubscriptionRecord } from '#shared/billing/entitlements';
import {
  PAYGO_FEATURES,
  type PaygoFeature,
  PRODUCTS,
  type ProductId,
} from '#shared/billing/price-table';
import { orderProductSchema } from '#shared/contracts/billing.schema';
import {
  INDUSTRY_SECTIONS,
  type IndustryInsights,
  type IndustrySectionId,
  sectionFlag,
} from '#shared/contracts/industry-insights.schema';
import type {
  DrilldownView,
  PeriodResult,
  ReportDocument,
  ReportView,
} from '#shared/contracts/report.schema';
import { EntitlementPlans } from '../../../../lambdas/reports/adapters/entitlement-plans';
import { MemoryReportSessions } from '../../../../lambdas/reports/adapters/memory-report-sessions';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import { makeHandler as makeDrilldowns } from '../../../../lambdas/reports/handlers/fetch-drilldowns.handler';
import { makeHandler as makeGetReport } from '../../../../lambdas/reports/handlers/get-report.handler';
import { makeHandler as makeIndustryInsights } from '../../../../lambdas/reports/handlers/industry-insights.handler';
import { makeHandler as makePrintReport } from '../../../../lambdas/reports/handlers/print-report.handler';
import { storeDrill, unfilteredTables } from '../../../lambdas/reports/drill-fixture';
import { client, memoryPorts, seededCompanies } from '../../../lambdas/reports/fakes';
import { envelope, httpEvent, lambdaContext } from '../../../lambdas/reports/handlers/events';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../../../lambdas/reports/print/fakes';
import { reportDoc } from '../../../lambdas/reports/print/fixtures';
import {
  FURNITURE,
  industryDeps,
  industrySubscription,
} from '../../../lambdas/reports/print/industry-fixtures';
import { proDigitalSection } from '../../../lambdas/reports/pro-digital-fixture';

// Walks the price table: every feature sold one by one and every product must unlock something
// a caller without it is refused, through the routes themselves (not by reading the code). A
// flag added to the table without a route that checks it fails here.

/** What one caller's plan is: the subscription records of alice's org-a. */
type Plan = SubscriptionRecord[];

/**
 * The routes as alice calls them, with `plan` as her org's subscriptions (flags derived by the
 * real entitlements), past her two free reports (client-a's report is not one of them).
 */
async function routesFor(plan: Plan) {
  const companies = await seededCompanies();
  await companies.putClient(client({ latest_report_id: 'r-1', industry_id: FURNITURE }));
  const { store } = memoryPorts();
  const tables = unfilteredTables() as ReportDocument['tables'];
  const { airings: _a, ...doc } = reportDoc();
  const period: PeriodResult = { summary: doc.summary, tables };
  await store.putJson(viewKey('client-a', 'r-1'), {
    ...doc,
    tables,
    airing_count: 7,
    foot_traffic: {
      ...period,
      resolution: 'hour',
      locations: [{ location_id: 'Store #12', dma_code: '501', visits: 40, share: 1 }],
    },
    pro_digital: proDigitalSection(),
  });
  await storeDrill(store, 'client-a', 'r-1');
  const usage = new MemoryReportSessions();
  await usage.claim('alice', 'client-c', 2);
  await usage.claim('alice', 'client-d', 2);
  const insights = await industryDeps(companies, store, plan);
  const plans = new EntitlementPlans(insights.entitlements);
  const call = async <T>(
    handler: ReturnType<typeof makeGetReport>,
    method: 'GET' | 'POST',
    name: string,
    input: Record<string, unknown>,
  ): Promise<{ status: number; result: T }> => {
    const event =
      method === 'GET'
        ? httpEvent({ method, path: `/ss_rest/${name}`, sub: 'alice', query: input as never })
        : httpEvent({ method, path: `/ss_rest/${name}`, sub: 'alice', body: input });
    const res = await handler(event, lambdaContext);
    return { status: res.statusCode ?? 0, result: envelope(res).result as T };
  };
  const renderer = new FakeRenderer();
  return {
    getReport: () =>
      call<ReportView>(
        makeGetReport(() => ({ companies, store, usage, plans })),
        'GET',
        'get_report',
        {
          client_uid: 'client-a',
        },
      ),
    drilldowns: (input: Record<string, unknown>) =>
      call<DrilldownView>(
        makeDrilldowns(() => ({ companies, store, usage, plans })),
        'POST',
        'fetch_drilldowns',
        { client_uid: 'client-a', ...input },
      ),
    printHtml: async () => {
      const handler = makePrintReport(() => ({
        companies,
        store,
        usage,
        plans,
        insights,
        renderer,
        files: new MemoryPdfFiles(),
        images: new FakeImages(),
      }));
      await call(handler, 'POST', 'print_report', { client_uid: 'client-a' });
      return renderer.calls.at(-1)?.html ?? '';
    },
    industry: () =>
      call<IndustryInsights>(
        makeIndustryInsights(() => insights),
        'GET',
        'industry_insights',
        { client_uid: 'client-a' },
      ),
  };
}

type Routes = Awaited<ReturnType<typeof routesFor>>;

const creativeNames = (tables: PeriodResult['tables']) =>
  Object.values(tables).flatMap((rows) => rows.flatMap((r) => r.creatives.map((c) => c.creative)));

/** An industry section is open: not locked (its rows come with it). */
const sectionOpen = (section: IndustrySectionId) => async (r: Routes) =>
  (await r.industry()).result.sections.find((s) => s.section === section)?.locked === false;

/**
 * How a route shows that a flag opened something: each returns true when the caller got the
 * gated thing through the API (get_report, fetch_drilldowns, print_report, industry_insights).
 */
const PROBES: Partial<Record<AvailableProductFlag, (r: Routes) => Promise<boolean>>> = {
  // Advertiser Insights lifts the free-report paywall: the insights come back.
  pro_unlimited: async (r) => (await r.getReport()).result.insights !== null,
  pro_creatives: async (r) => {
    const view = (await r.getReport()).result;
    const drill = await r.drilldowns({
      filters: { broadcast_type: 'all', drill: [{ dimension: 'creative', key: 'SPOT-A' }] },
    });
    const pdf = await r.printHtml();
    const seen = [
      creativeNames(view.tables).length > 0,
      drill.status === 200,
      pdf.includes('SPOT-A'),
    ];
    // All three routes agree, or the gate leaks through one of them.
    expect(new Set(seen).size).toBe(1);
    return seen[0] as boolean;
  },
  pro_foot_traffic: async (r) => {
    const view = (await r.getReport()).result;
    const pdf = await r.printHtml();
    expect(view.foot_traffic !== null).toBe(pdf.includes('Store #12'));
    return view.foot_traffic !== null;
  },
  // Website impact: the Pro Digital comparison of every airing's windows with the baseline.
  pro_web: async (r) => {
    const open = (await r.getReport()).result.pro_digital?.overall != null;
    expect((await r.printHtml()).includes('In airing windows')).toBe(open);
    return open;
  },
  // Detailed digital metrics: the Pro Digital tables per station, daypart and creative.
  pro_detailed: async (r) => {
    const open = (await r.getReport()).result.pro_digital?.tables != null;
    expect((await r.printHtml()).includes('WDIGI')).toBe(open);
    return open;
  },
  industry_insights_unlimited: async (r) =>
    (await r.industry()).result.sections.every((s) => !s.locked),
  ...Object.fromEntries(INDUSTRY_SECTIONS.map((s) => [sectionFlag(s), sectionOpen(s)])),
};

/** alice's paygo subscription with one feature. */
const paygoWith = (feature: PaygoFeature): Plan => [
  industrySubscription({ plan: 'paygo', product: null, features: [feature], amount: 1_000 }),
];
/** alice's Individual Unlimited subscription to a product. */
const product = (p: ProductId): Plan => [industrySubscription({ product: p })];

describe('every feature on sale unlocks something real, refused without it', () => {
  test.each(PAYGO_FEATURES.map((f) => [f.name, f.feature, f.flag] as const))(
    '%s (%s -> %s) is checked by a route',
    async (_name, feature, flag) => {
      const probe = PROBES[flag as AvailableProductFlag];
      expect(probe, `no route checks ${flag}: take it off sale or gate it`).toBeDefined();

      expect(await probe!(await routesFor([]))).toBe(false);
      expect(await probe!(await routesFor(paygoWith(feature)))).toBe(true);
    },
  );

  test.each(PRODUCTS)('the %s product opens every checked flag it sets', async (p) => {
    const flags = deriveAvailableProducts(product(p), false, new Date('2024-04-02T00:00:00Z'));
    const opened = AVAILABLE_PRODUCT_FLAGS.filter((f) => flags[f] && PROBES[f]);
    expect(opened.length).toBeGreaterThan(0);

    for (const flag of opened) {
      expect(await PROBES[flag]!(await routesFor([])), `${flag} without ${p}`).toBe(false);
      expect(await PROBES[flag]!(await routesFor(product(p))), `${flag} with ${p}`).toBe(true);
    }
  });

  test('no flag that gates nothing is on sale, and order_product refuses to sell one', () => {
    const unchecked = AVAILABLE_PRODUCT_FLAGS.filter((f) => !PROBES[f]);
    const sold = PAYGO_FEATURES.map((f) => f.flag as AvailableProductFlag);

    expect(sold.filter((f) => unchecked.includes(f))).toEqual([]);
    for (const feature of ['weather', 'schedule']) {
      const order = orderProductSchema.safeParse({
        plan: 'paygo',
        organization_uid: 'org-a',
        accept_terms: true,
        features: [feature],
      });
      expect(order.success, `${feature} is still on sale`).toBe(false);
    }
    for (const feature of ['website_impact', 'detailed_digital_metrics']) {
      const order = orderProductSchema.safeParse({
        plan: 'paygo',
        organization_uid: 'org-a',
        accept_terms: true,
        features: [feature],
      });
      expect(order.success, `${feature} is not on sale`).toBe(true);
    }
  });
});
