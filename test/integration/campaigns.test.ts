import { expect, test } from 'vitest';
import type { Campaign, ClientCampaignsResult } from '#shared/contracts/campaigns.schema';
import type { DrilldownView, ReportView } from '#shared/contracts/report.schema';
import { waitForReport } from '../../lib/local/report-run';
import { callApi } from '../../lib/local/route-calls';
import { importDemoClient, stackForFile } from './support/stack';
import { createCustomer } from './support/walk-personas';

const local = stackForFile();

test('a campaign scopes the report to its flight and stations through the gateway; another customer cannot see or use it', async () => {
  // Prepare: a client with two weeks of airings and a report over them.
  const url = local.stack.url;
  const call = <T>(
    name: Parameters<typeof callApi>[1],
    input: Record<string, unknown>,
    token = local.token,
  ) => callApi<T>(url, name, input, token);
  const { clientUid } = await importDemoClient(local, {
    name: 'flight',
    advertiser: 'Flight Mattress',
    weeks: 2,
    spotsPerDay: 6,
    seed: 18,
  });
  const run = await waitForReport(url, clientUid, {}, local.token);
  const report = await call<ReportView>('get_report', {
    client_uid: clientUid,
    report_id: run.report_id,
  });
  const whole = await call<DrilldownView>('fetch_drilldowns', {
    client_uid: clientUid,
    report_id: run.report_id,
  });
  const station = whole.main.tables.station?.[0]?.key ?? '';

  // Act: a campaign over the report's first four days on its top station; the report scoped to it.
  const start = report.report_date_start;
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 3 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const made = await call<ClientCampaignsResult & { campaign: Campaign }>('create_campaign', {
    client_uid: clientUid,
    name: 'First days',
    flight_start: start,
    flight_end: end,
    budget_cents: 250_000,
    goal: { kind: 'visits', target: 50 },
    station_ids: [station],
  });
  const uid = made.campaign.campaign_uid;
  const scoped = await call<DrilldownView>('fetch_drilldowns', {
    client_uid: clientUid,
    report_id: run.report_id,
    filters: { campaign_uid: uid },
  });
  const rival = await createCustomer('rival@campaigns.example.com', 'org-campaign-rival');
  const rivalCalls = await Promise.allSettled([
    call('client_campaigns', { client_uid: clientUid }, rival.token),
    call(
      'fetch_drilldowns',
      { client_uid: clientUid, filters: { campaign_uid: uid } },
      rival.token,
    ),
    call(
      'update_campaign',
      { client_uid: clientUid, campaign_uid: uid, delete: true },
      rival.token,
    ),
  ]);
  const listed = await call<ClientCampaignsResult>('client_campaigns', { client_uid: clientUid });

  // Assert: fewer airings, only the station, no comparison; the rival refused, nothing deleted.
  expect(scoped.main.summary.airings).toBeGreaterThan(0);
  expect(scoped.main.summary.airings).toBeLessThan(whole.main.summary.airings);
  expect(scoped.main.summary.attributed_visits).not.toBe(whole.main.summary.attributed_visits);
  expect(scoped.main.tables.station?.map((r) => r.key)).toEqual([station]);
  expect(scoped.compare).toBeNull();
  expect(rivalCalls.map((r) => (r.status === 'rejected' ? String(r.reason) : 'accepted'))).toEqual([
    expect.stringContaining('HTTP 404'),
    expect.stringContaining('HTTP 404'),
    expect.stringContaining('HTTP 404'),
  ]);
  expect(listed.campaigns.map((c) => c.name)).toEqual(['First days']);
}, 180_000);
