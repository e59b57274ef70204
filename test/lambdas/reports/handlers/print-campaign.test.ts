import { describe, expect, test } from 'vitest';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import type { ReportDocument } from '#shared/contracts/report.schema';
import { MemoryCampaigns } from '../../../../lambdas/campaigns/adapters/memory-campaigns';
import { MemoryReportStore } from '../../../../lambdas/reports/adapters/memory';
import { makeHandler } from '../../../../lambdas/reports/handlers/print-report.handler';
import { storeDrill, unfilteredTables } from '../drill-fixture';
import { allowancePorts, client, seededCompanies } from '../fakes';
import { FakeImages, FakeRenderer, MemoryPdfFiles } from '../print/fakes';
import { reportDoc } from '../print/fixtures';
import { industryDeps } from '../print/industry-fixtures';
import { envelope, httpEvent, lambdaContext } from './events';

/** WABC's airings of Mar 4-5 2024 (New York): three of the report's seven (drill-fixture.ts). */
const WABC_FLIGHT: Campaign = {
  campaign_uid: 'k-1',
  client_uid: 'client-a',
  name: 'Spring WABC flight',
  flight_start: '2024-03-04',
  flight_end: '2024-03-05',
  budget_cents: 100_000,
  goal: { kind: 'visits', target: 20 },
  station_ids: ['WABC'],
  creative_ids: [],
  dmas: [],
  created_at: '2024-03-01T00:00:00.000Z',
  updated_at: '2024-03-01T00:00:00.000Z',
};

async function setup() {
  const companies = await seededCompanies();
  await companies.putClient(client({ latest_report_id: 'r-1' }));
  const store = new MemoryReportStore();
  // The stored view is the drill data's whole report: seven airings, WABC and WXYZ among them.
  const drill = await storeDrill(store, 'client-a', 'r-1');
  await store.putJson(
    'reports/client-a/r-1.json',
    reportDoc({
      summary: drill.main.summary,
      tables: unfilteredTables() as ReportDocument['tables'],
    }),
  );
  const campaigns = new MemoryCampaigns();
  await campaigns.put(WABC_FLIGHT);
  await campaigns.put({ ...WABC_FLIGHT, campaign_uid: 'k-b', client_uid: 'client-b' });
  const renderer = new FakeRenderer();
  const files = new MemoryPdfFiles();
  const insights = await industryDeps(companies, store, []);
  const handler = makeHandler(() => ({
    companies,
    store,
    renderer,
    files,
    images: new FakeImages(),
    insights,
    campaigns,
    ...allowancePorts(),
  }));
  const call = (body: Record<string, unknown>) =>
    handler(
      httpEvent({ method: 'POST', path: '/ss_rest/print_report', sub: 'alice', body }),
      lambdaContext,
    );
  return { call, renderer, files, campaigns };
}

/** The printed KPI value under a label (the KPI block's markup). */
function kpi(html: string, label: string): string | undefined {
  const m = new RegExp(
    `pr-kpi__label">${label}</span><span class="pr-kpi__value">([^<]*)</span>`,
  ).exec(html);
  return m?.[1];
}

describe('print_report scoped to a campaign', () => {
  test("prints only the campaign's airings and names the campaign, its flight and pacing", async () => {
    const { call, renderer } = await setup();

    const whole = await call({ client_uid: 'client-a' });
    const scoped = await call({ client_uid: 'client-a', campaign_uid: 'k-1' });

    expect(whole.statusCode).toBe(200);
    expect(scoped.statusCode).toBe(200);
    const [wholeHtml, scopedHtml] = renderer.calls.map((c) => c.html);
    expect(kpi(wholeHtml ?? '', 'Airings')).toBe('7');
    expect(kpi(scopedHtml ?? '', 'Airings')).toBe('3');
    expect(wholeHtml).not.toContain('Spring WABC flight');
    expect(scopedHtml).toContain('Spring WABC flight');
    expect(scopedHtml).toContain('03/04/2024 – 03/05/2024');
    // Spent $300 of the $1,000 budget; goal 20 visits, 16 attributed (12 + 6 - 2).
    expect(scopedHtml).toContain('$300.00 of $1,000.00 (30%)');
    expect(scopedHtml).toContain('16 of 20 visits (80%)');
    // The station table holds the campaign's station only.
    expect(scopedHtml).not.toContain('WXYZ');
    expect(wholeHtml).toContain('WXYZ');
    expect(renderer.calls[1]?.options.headerHtml).toContain('Spring WABC flight');
  });

  test('a scoped and an unscoped printout never share a stored file', async () => {
    const { call, files, renderer } = await setup();

    const whole = envelope(await call({ client_uid: 'client-a' })).result as { url: string };
    const scoped = envelope(await call({ client_uid: 'client-a', campaign_uid: 'k-1' })).result as {
      url: string;
    };
    await call({ client_uid: 'client-a', campaign_uid: 'k-1' });

    expect(scoped.url).not.toBe(whole.url);
    expect(files.files.size).toBe(2);
    expect(renderer.calls).toHaveLength(2);
  });

  test('an edited campaign prints anew', async () => {
    const { call, campaigns, renderer } = await setup();

    await call({ client_uid: 'client-a', campaign_uid: 'k-1' });
    await campaigns.put({ ...WABC_FLIGHT, name: 'Renamed flight' });
    await call({ client_uid: 'client-a', campaign_uid: 'k-1' });

    expect(renderer.calls).toHaveLength(2);
    expect(renderer.calls[1]?.html).toContain('Renamed flight');
  });

  test("another client's campaign is refused with 404 and nothing prints", async () => {
    const { call, renderer } = await setup();

    const res = await call({ client_uid: 'client-a', campaign_uid: 'k-b' });

    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(envelope(res))).toContain('Campaign');
    expect(renderer.calls).toHaveLength(0);
  });

  test('a malformed campaign id is refused naming the field', async () => {
    const { call } = await setup();

    const res = await call({ client_uid: 'client-a', campaign_uid: '../k-1' });

    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(envelope(res))).toContain('campaign_uid');
  });
});
